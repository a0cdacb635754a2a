# SPDX-License-Identifier: Apache-2.0
"""Client traffic for the link encryptor: Ethernet frames built by scapy, a pcap replayed over the
channels, and arrival times of clients sending at their line rate."""
from __future__ import annotations

import random
import struct
import zlib

ETH_MIN, ETH_MAX = 64, 9000
# a mix of sizes that exercises the record packer: minimum frames, sizes just above multiples of
# 8 (the padding worst case), the common MTU and jumbo frames
SIZE_MIX = (64, 65, 71, 128, 512, 576, 1337, 1500, 1518, 4000, 9000)


def eth_frame(rng: random.Random, size: int) -> bytes:
    """An Ethernet/IPv4/UDP frame built by scapy, ``size`` bytes (64..9000) with its FCS."""
    from scapy.layers.inet import IP, UDP
    from scapy.layers.l2 import Ether
    from scapy.packet import Raw
    if not ETH_MIN <= size <= ETH_MAX:
        raise ValueError(f"Ethernet frame sizes are {ETH_MIN}..{ETH_MAX} bytes")
    body = size - 14 - 20 - 8 - 4
    pkt = Ether(src="02:00:00:00:00:%02x" % rng.randrange(256), dst="02:00:00:00:01:02") / \
        IP(src="10.0.0.1", dst="10.0.0.2") / UDP(sport=rng.randrange(1024, 65535), dport=4791) / \
        Raw(rng.randbytes(body))
    raw = bytes(pkt)
    assert len(raw) == size - 4
    return raw + struct.pack("<I", zlib.crc32(raw))


def generated(rng: random.Random, count: int, channels: int,
              sizes=SIZE_MIX) -> list[tuple[int, bytes]]:
    """``count`` frames of mixed sizes, dealt to random channels: (channel, frame)."""
    return [(rng.randrange(channels), eth_frame(rng, rng.choice(sizes))) for _ in range(count)]


def sizes_arg(frame_bytes: int | None) -> dict:
    """generated()'s keyword for one fixed frame size (None: the default mix)."""
    return {} if frame_bytes is None else {"sizes": (frame_bytes,)}


def from_pcap(path: str, channels: int) -> list[tuple[int, bytes]]:
    """The frames of a pcap, dealt over the channels by a hash of their MAC addresses (one flow
    stays on one channel, so per-channel order is the capture's order). A frame without its FCS
    (as captures usually are) gets one appended; frames are padded to 60 bytes first."""
    from scapy.utils import rdpcap
    out = []
    for pkt in rdpcap(path):
        raw = bytes(pkt)
        if len(raw) < 60:
            raw += bytes(60 - len(raw))
        if len(raw) + 4 > ETH_MAX:
            raise ValueError(f"{path}: a frame of {len(raw)} bytes exceeds {ETH_MAX}")
        out.append((zlib.crc32(raw[:12]) % channels, raw + struct.pack("<I", zlib.crc32(raw))))
    return out


def arrivals(frames: list[tuple[int, bytes]], channels: int, client_bps: float = 10e9,
             ppm: float = 0.0) -> list[float]:
    """Arrival time (of the last byte) of each frame when every client sends its frames back to
    back at ``client_bps`` (+ppm), with preamble and the minimum gap (20 bytes)."""
    t = [0.0] * channels
    byte_t = 8 / (client_bps * (1 + ppm * 1e-6))
    out = []
    for ch, f in frames:
        t[ch] += (len(f) + 20) * byte_t
        out.append(t[ch])
    return out
