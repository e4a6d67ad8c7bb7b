# CRC-32, as binascii's, for a port built without binascii.crc32: loaded
# only there (savefile.checksum).


def crc32_py(data, crc=0):
    """CRC-32 (as binascii's) for a port built without binascii.crc32."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
    return crc ^ 0xFFFFFFFF
