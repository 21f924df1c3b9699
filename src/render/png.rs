//! Output: palette PNG bytes and RGBA images from a [`Canvas`].

use image::RgbaImage;

use super::canvas::Canvas;

/// Why a picture could not be encoded.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The PNG encoder failed (it writes to memory, so this is not expected).
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
}

/// Pixels above which a picture is compressed harder (a single board has about 150 000).
const LARGE_PICTURE: u32 = 200_000;

/// Encodes `canvas` as an 8-bit palette PNG. Same canvas, same bytes.
pub fn encode(canvas: &Canvas) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(8 * 1024);
    let mut encoder = png::Encoder::new(&mut out, canvas.width(), canvas.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(
        canvas
            .palette()
            .iter()
            .flat_map(|c| c.0)
            .collect::<Vec<u8>>(),
    );
    // With the zlib-rs backend (see Cargo.toml), level 5 keeps a single board under
    // 1 ms and 8 KB. Level 6 is 10-15 % smaller and slower; the wide pictures (a board
    // with the report panel, the reveal) use it so they stay near 10 KB. The flat
    // palette pictures compress best without a filter.
    let level = if canvas.width() * canvas.height() > LARGE_PICTURE {
        6
    } else {
        5
    };
    encoder.set_deflate_compression(png::DeflateCompression::Level(level));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(canvas.indices())?;
    writer.finish()?;
    Ok(out)
}

/// The canvas as an RGBA image (fully opaque).
#[must_use]
pub fn rgba(canvas: &Canvas) -> RgbaImage {
    let palette = canvas.palette();
    let mut buf = Vec::with_capacity(canvas.indices().len() * 4);
    for &i in canvas.indices() {
        let [r, g, b] = palette[usize::from(i)].0;
        buf.extend_from_slice(&[r, g, b, 255]);
    }
    RgbaImage::from_raw(canvas.width(), canvas.height(), buf)
        .unwrap_or_else(|| RgbaImage::new(canvas.width(), canvas.height()))
}
