# SPDX-License-Identifier: Apache-2.0
"""AXI-Stream plumbing shared by the cocotb benches: cocotbext-axi drivers bound to LineCrypt ports.

The streams are driven and received by cocotbext-axi (AxiStreamSource, AxiStreamSink,
AxiStreamMonitor), one beat per frame (no tlast) and one word per beat (``byte_lanes=1``: a
frame's tdata is ``[int]``, the whole tdata bus as one unsigned integer, so a block's byte 0 sits
in tdata's top byte as the RTL states it, with no byte-lane reordering in between).

Ports are bound by name with ``axis_bus``: a string names one port, a tuple names several ports
that form one field, packed most significant first (e.g. tuser = {tslot, tuser} on a block core's
input, {terr, tuser} on its output). ``pauses`` gives the seeded random pause generators used on
every source (tvalid gaps) and sink (tready stalls).
"""
import logging
import random

from cocotb.types import LogicArray
from cocotb_bus.bus import Bus
from cocotbext.axi import AxiStreamBus


class Packed:
    """Several ports seen as one signal (the first port in the most significant bits)."""

    def __init__(self, handles):
        self.handles = list(handles)
        self.widths = [len(h) for h in self.handles]
        self._name = "{" + ", ".join(h._name for h in self.handles) + "}"

    def __len__(self):
        return sum(self.widths)

    @property
    def value(self):
        v = 0
        for h, w in zip(self.handles, self.widths):
            v = (v << w) | int(h.value)
        return LogicArray.from_unsigned(v, len(self))

    @value.setter
    def value(self, v):
        v = int(v)
        for h, w in zip(reversed(self.handles), reversed(self.widths)):
            h.value = v & ((1 << w) - 1)
            v >>= w

    def setimmediatevalue(self, v):
        if isinstance(v, LogicArray) and not v.is_resolvable:      # the source's initial X
            for h, w in zip(self.handles, self.widths):
                h.setimmediatevalue(LogicArray("x" * w))
            return
        v = int(v)
        for h, w in zip(reversed(self.handles), reversed(self.widths)):
            h.setimmediatevalue(v & ((1 << w) - 1))
            v >>= w


class _NamedBus(AxiStreamBus):
    def __init__(self, entity, signals, name):
        Bus.__init__(self, entity, None, signals)
        self._name = name           # names the endpoint's logger (cocotb.<dut>.<name>)


def axis_bus(dut, **ports):
    """An AxiStreamBus whose signals (tdata, tvalid, tready, tid, tuser ...) are the named ports."""
    bus = _NamedBus(dut, {k: v for k, v in ports.items() if isinstance(v, str)},
                    ports["tdata"].rsplit("_", 1)[0])
    for k, v in ports.items():
        if not isinstance(v, str):
            h = Packed(getattr(dut, n) for n in v)
            setattr(bus, k, h)
            bus._signals[k] = h
    return bus


def quiet(*endpoints):
    """cocotbext-axi logs every frame at INFO; with one frame per beat that is one line per block."""
    for ep in endpoints:
        ep.log.setLevel(logging.WARNING)
    return endpoints


def pauses(rng: random.Random, p: float):
    """Endless pause pattern: True (a tvalid gap / tready stall) with probability p per clock."""
    while True:
        yield rng.random() < p


def set_pauses(endpoint, rng: random.Random, p: float):
    """Random pauses with probability p on a source or sink; p = 0: never paused."""
    if p > 0:
        endpoint.set_pause_generator(pauses(rng, p))
    else:
        endpoint.clear_pause_generator()
        endpoint.pause = False
