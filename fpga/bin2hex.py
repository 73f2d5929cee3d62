#!/usr/bin/env python3
"""fpga/bin2hex.py IN.bin OUT.hex WORDS - a flat binary (objcopy -O binary of an
ELF linked at the RAM base) as $readmemh words, little-endian, zero-filled to
WORDS lines (so .bss and the stacks start cleared)."""
import sys

data = open(sys.argv[1], 'rb').read()
words = int(sys.argv[3])
if len(data) > 4 * words:
    sys.exit(f"bin2hex: {sys.argv[1]} is {len(data)} bytes, the memory holds {4 * words}")
data += b'\0' * (4 * words - len(data))
with open(sys.argv[2], 'w') as f:
    for i in range(words):
        f.write(f"{int.from_bytes(data[4 * i:4 * i + 4], 'little'):08x}\n")
