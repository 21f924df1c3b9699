//! The Discord layer (poise).
