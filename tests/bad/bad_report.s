; a report's element index must be inside its buffer
.buffer out f32 2 zero
.report cycles out, 2
