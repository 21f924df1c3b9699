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

/// Pixels above which a picture is compressed for speed rather than size (a single
/// board has about 150 000, a Game 2000 target board with its history 275 000, the
/// reveal 315 000).
const LARGE_PICTURE: u32 = 250_000;

/// Pixels above which rows are filtered "Sub" rather than "Up": the standings picture
/// of 64 players has about 2.2 million, all of the others at most a third of that.
const HUGE_PICTURE: u32 = 1_000_000;

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
    // Chosen by measurement (the table in the note of issue 14; `cargo run --release
    // --example render_parts` prints draw and encode time per kind). fdeflate's fast mode
    // encodes a board in under 0.1 ms, against about 0.2 ms at zlib level 2 and 0.45 ms
    // at level 5; the price is size: about 11-14 KB for a board instead of 5-7 KB, which
    // costs nothing noticeable to upload. "Paeth" rows compress best for the boards,
    // "Up" rows are fastest for the large pictures (reveal, Game 2000 target with its
    // history). "Sub" rows suit the standings picture (issue 33): its long runs of one
    // colour along a row become zeros, so its 64-player crosstable encodes in about 10%
    // less time and 23% fewer bytes than with "Up" (460 KB against 596 KB; Paeth would be
    // 356 KB but slower, zlib level 1 266-278 KB at about 1.5x the time).
    encoder.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
    let pixels = canvas.width() * canvas.height();
    encoder.set_filter(if pixels > HUGE_PICTURE {
        png::Filter::Sub
    } else if pixels > LARGE_PICTURE {
        png::Filter::Up
    } else {
        png::Filter::Paeth
    });
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
