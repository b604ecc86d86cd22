"""Load, on loopback only, bounded in count and time: 200 plain WebSocket clients on one server
receiving a stream of applies, and one client that connects and never reads.
Usage: load_test.py DEMO_BINARY"""
import asyncio
import json
import re
import socket
import statistics
import sys
import time

import websockets

from lib import Server, check, summary

CLIENTS = 200
TICKS = 200
INTERVAL = 0.02  # seconds between applies

binary = sys.argv[1]
server = Server(binary, extra=["--stream-interval", str(INTERVAL)])
tick_pattern = re.compile(r"tick (\d+) @ (\d+)")


def hello(page="/stream"):
    return json.dumps({"t": "hello", "version": 2, "page": page, "top": 0, "height": 900, "width": 800})


class Client:
    def __init__(self):
        self.messages = 0
        self.resets = 0
        self.tick = -1
        self.latencies = []

    async def run(self, port, stop):
        async with websockets.connect(f"ws://127.0.0.1:{port}/_diffable/ws", max_size=1 << 24) as socket_:
            await socket_.send(hello())
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(socket_.recv(), timeout=0.5)
                except asyncio.TimeoutError:
                    continue
                # As the page's script does: the server closes a page that does not answer.
                if text == '{"t":"ping"}':
                    await socket_.send('{"t":"pong"}')
                    continue
                received = time.time() * 1000
                frame = json.loads(text)
                # Several messages of one change come as one frame, a batch.
                for message in frame["messages"] if frame["t"] == "batch" else [frame]:
                    self.messages += 1
                    if message["t"] == "reset":
                        self.resets += 1
                    for cell in (message.get("cells") or {}).values():
                        match = tick_pattern.match(cell.get("c", {}).get("t", ""))
                        if match:
                            self.tick = max(self.tick, int(match.group(1)))
                            self.latencies.append(received - int(match.group(2)))


def stalled_client(port):
    """A client that opens a WebSocket, says hello, and never reads again. Its page's messages
    are padded to 64 KiB, so that they fill the sockets' buffers (megabytes on loopback) within
    the run and the server must drop it to a resync."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall((f"GET /_diffable/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    payload = hello("/stream?pad=65536").encode()
    mask = b"\x01\x02\x03\x04"
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.sendall(bytes([0x81, 0x80 | 126]) + len(payload).to_bytes(2, "big") + mask + masked)
    return sock


async def main():
    stop = asyncio.Event()
    stalled = stalled_client(server.port)
    clients = [Client() for _ in range(CLIENTS)]
    tasks = [asyncio.create_task(client.run(server.port, stop)) for client in clients]
    deadline = time.time() + 30
    while sum(1 for c in clients if c.resets) < CLIENTS and time.time() < deadline:
        await asyncio.sleep(0.1)
    check(f"load: {CLIENTS} clients connected and got their page", all(c.resets == 1 for c in clients))
    await asyncio.sleep(0.5)
    rss_before = server.rss_kib()
    started = time.time()
    await asyncio.to_thread(server.get, f"/_test/stream?ticks={TICKS}")
    deadline = time.time() + 60
    samples = []
    while time.time() < deadline:
        samples.append(server.rss_kib())
        status = await asyncio.to_thread(server.get, "/_test/stream")
        if not status["running"] and min(c.tick for c in clients) >= status["tick"]:
            break
        await asyncio.sleep(0.2)
    elapsed = time.time() - started
    final = (await asyncio.to_thread(server.get, "/_test/stream"))["tick"]
    rss_after = server.rss_kib()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    stalled.close()
    latencies = sorted(l for c in clients for l in c.latencies)
    p50 = statistics.median(latencies)
    p99 = latencies[int(len(latencies) * 0.99)]
    print(f"   {final} applies to {CLIENTS + 1} pages in {elapsed:.1f} s; latency from apply to client "
          f"p50 {p50:.0f} ms, p99 {p99:.0f} ms, max {latencies[-1]:.0f} ms; "
          f"server RSS {rss_before // 1024} MiB before, at most {max(samples) // 1024} MiB during, "
          f"{rss_after // 1024} MiB after")
    check("load: every reading client saw the last apply", all(c.tick == final for c in clients),
          str(sorted({c.tick for c in clients})[:5]))
    check("load: no reading client fell behind into a resync", all(c.resets == 1 for c in clients),
          str(sorted({c.resets for c in clients})))
    check("load: every reading client got one message per apply",
          all(c.messages == final + 1 for c in clients), str(sorted({c.messages for c in clients})[:5]))
    resyncs = (await asyncio.to_thread(server.get, "/_test/sessions"))["resyncs"]
    print(f"   the client that never reads was dropped to a resync {resyncs} time(s)")
    check("load: the client that never reads was dropped to a resync", resyncs >= 1, str(resyncs))
    check("load: the client that never reads held up no one and the memory stayed flat",
          max(samples + [rss_after]) - rss_before < 64 * 1024, f"{(max(samples) - rss_before) // 1024} MiB more")


try:
    asyncio.run(main())
finally:
    server.stop()
summary()
