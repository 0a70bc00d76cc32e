; chase() fills addresses, so it needs a u32 buffer
.buffer p f32 16 chase(8)
