"""Bytes of a reset with the protocol's short keys and with every key spelled out, raw and
deflated (as permessage-deflate sends it): the table in Documentation/WireProtocol.md.

    swift run --traits Web diffable-web-demo --port 18080 &
    python3 Benchmarks/web/wire_bytes.py 18080 /outline
"""
import asyncio, json, sys, zlib, websockets

LONG = {"t": "type", "seq": "sequence", "n": "operationCount", "anim": "animated", "ops": "operations",
        "secs": "sections", "sel": "selected", "k": "key", "kind": "kind", "look": "appearance", "gap": "gap",
        "hh": "headerHeight", "fh": "footerHeight", "ih": "itemHeight", "iw": "itemWidth", "cols": "columns",
        "count": "count", "height": "height", "start": "start", "keys": "keys", "c": "content", "o": "outline",
        "x": "actions", "h": "isSectionHeader", "s": "style", "st": "secondaryText", "sp": "secondaryPlacement",
        "i": "image", "u": "imageURL", "ts": "textStyle", "ss": "secondaryTextStyle", "is": "imageStyle",
        "a": "accessories", "fg": "foreground", "bg": "background", "b": "bold", "d": "dim", "v": "inverse"}

def spell(value, in_cells=False):
    if isinstance(value, dict):
        return {(k if in_cells else LONG.get(k, k)): spell(v, k == "cells") for k, v in value.items()}
    if isinstance(value, list):
        return [spell(v) for v in value]
    return value

def deflated(text):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(c.compress(text.encode()) + c.flush(zlib.Z_SYNC_FLUSH))

async def main(port, page):
    async with websockets.connect(f"ws://127.0.0.1:{port}/_diffable/ws", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"t": "hello", "version": 2, "page": page, "top": 0, "height": 900, "width": 1280}))
        frame = json.loads(await ws.recv())
        reset = frame["messages"][0] if frame["t"] == "batch" else frame
        short = json.dumps(reset, separators=(",", ":"), ensure_ascii=False)
        long = json.dumps(spell(reset), separators=(",", ":"), ensure_ascii=False)
        items = sum(len(s["keys"]) for s in reset["secs"])
        print(f"| `{page}` reset, {items} items with elements | {len(short.encode()):,} | {len(long.encode()):,} | {deflated(short):,} | {deflated(long):,} |")

asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
