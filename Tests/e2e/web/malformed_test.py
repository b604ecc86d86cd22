"""Bad input over the wire: thousands of malformed, truncated, oversized and out-of-order client
messages. Each closes its own connection with a reason; the server goes on, and the session they
were sent on is unchanged. Usage: malformed_test.py DEMO_BINARY"""
import asyncio
import http.client
import json
import os
import random
import re
import sys

import websockets

from lib import Server, check, summary

binary = sys.argv[1]
server = Server(binary)
seed = int(os.environ.get("DIFFABLE_SEED", "20261123"))
rng = random.Random(seed)
url = f"ws://127.0.0.1:{server.port}/_diffable/ws"
hello = {"t": "hello", "version": 2, "page": "/property?seed=5", "top": 0, "height": 900, "width": 800}
valid = [
    {"t": "select", "k": 3}, {"t": "toggle", "k": 3}, {"t": "move", "k": 3, "s": 1, "i": 0},
    {"t": "action", "k": 3, "a": 0}, {"t": "search", "q": "x"},
    {"t": "viewport", "top": 0, "height": 900, "width": 800, "strips": [[1, 0]]},
]



def first_message(text):
    """The first message of a frame: several messages of one change come as a batch."""
    frame = json.loads(text)
    return frame["messages"][0] if frame["t"] == "batch" else frame

def hostile():
    """A message that breaks the protocol, of one of several kinds."""
    kind = rng.randrange(8)
    text = json.dumps(rng.choice(valid))
    if kind == 0:
        return text[: rng.randrange(1, len(text))]  # truncated
    if kind == 1:
        return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 60)))  # noise
    if kind == 2:
        return json.dumps({**json.loads(text), "k": rng.choice([0, -1, 1.5, "1", None, 1 << 40, [], {}])})
    if kind == 3:
        return json.dumps({"t": rng.choice(["hello", "explode", "", "SELECT", None, 7])})  # wrong type
    if kind == 4:
        return json.dumps({**json.loads(text), "extra": rng.randrange(10)})
    if kind == 5:
        return "[" * rng.randrange(5, 200) + "]" * rng.randrange(0, 200)  # nested
    if kind == 6:
        return json.dumps({"t": "search", "q": "x" * rng.randrange(9000, 15000)})  # oversized
    return text.encode()  # binary


async def closed_with_reason(socket_):
    try:
        await asyncio.wait_for(socket_.wait_closed(), timeout=5)
    except asyncio.TimeoutError:
        return None
    return socket_.close_code, socket_.close_reason


async def main():
    # A session to attack: its rows before, read from its reset.
    async with websockets.connect(url) as socket_:
        await socket_.send(json.dumps(hello))
        before = first_message(await socket_.recv())
    session = before["page"]["session"]
    count = int(os.environ.get("DIFFABLE_MALFORMED_COUNT", "3000"))
    closed = refused = 0
    reasons = set()
    last = None  # the message before, named when a hello gets no answer
    for index in range(count):
        message = hostile()
        async with websockets.connect(url, max_size=1 << 24) as socket_:
            if index % 2 == 0:  # on the session, after a valid hello that resumes it
                await socket_.send(json.dumps({**hello, "session": session}))
                try:
                    await asyncio.wait_for(socket_.recv(), timeout=5)
                except (asyncio.TimeoutError, websockets.ConnectionClosed) as error:
                    print(f"   message {index}: no reset after hello ({error!r}); last hostile: {last!r:.120}")
                    raise
            await socket_.send(message)
            result = await closed_with_reason(socket_)
        last = message
        if result is None:
            continue
        closed += 1
        code, reason = result
        if code in (1008, 1009, 1003, 1002):
            refused += 1
            reasons.add(re.sub(r"[0-9]+", "N", reason))
    print(f"   {count} hostile messages; {refused} refused with a close code and reason; "
          f"{len(reasons)} kinds of reason, e.g. {sorted(reasons)[:4]}")
    check("malformed: every hostile message closed its connection with a reason", refused == count,
          f"{count - refused} were not")
    logged = server.log_text().count("closed a connection: ")
    check("malformed: the server logged each reason", logged >= count, f"{logged} logged")
    # The server goes on, and the session is as it was.
    async with websockets.connect(url) as socket_:
        await socket_.send(json.dumps({**hello, "session": session}))
        after = first_message(await socket_.recv())
    check("malformed: the server goes on", after["t"] == "reset")
    check("malformed: the session attacked is unchanged",
          after["page"]["session"] == session and after["secs"] == before["secs"]
          and after["cells"] == before["cells"])
    # Out of order: anything before hello, or a second hello.
    async with websockets.connect(url) as socket_:
        await socket_.send(json.dumps({"t": "select", "k": 1}))
        result = await closed_with_reason(socket_)
    check("malformed: a message before hello is refused", result == (1008, "message before hello"), str(result))
    async with websockets.connect(url) as socket_:
        await socket_.send(json.dumps({**hello, "session": session}))
        await socket_.recv()
        await socket_.send(json.dumps(hello))
        result = await closed_with_reason(socket_)
    check("malformed: a second hello is refused",
          result == (1008, "hello on a connection that already has a session"), str(result))
    # A browser page on another origin may not connect.
    try:
        async with websockets.connect(url, origin="http://evil.example") as socket_:
            refused_origin = False
    except Exception:
        refused_origin = True
    check("origin: a WebSocket from another site's page is refused", refused_origin)


def request(port, path, headers=None):
    """A GET request with exactly these headers: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    for name, value in {"Host": f"127.0.0.1:{port}", **(headers or {})}.items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    result = response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    connection.close()
    return result


async def security():
    """What a page on another site, a rebound name or a client without the token cannot do."""
    status, headers, body = request(server.port, "/list")
    policy = headers.get("content-security-policy", "")
    check("csp: pages allow only the server's own script, none inline",
          status == 200 and "script-src 'self'" in policy and "unsafe-inline" not in policy
          and b"<script>" not in body, policy)
    status, _, _ = request(server.port, "/list", {"Host": f"rebound.example:{server.port}"})
    check("host: a request for another name (DNS rebinding) is refused", status == 421, str(status))
    guarded = Server(binary, extra=["--token", "s3cret"])
    try:
        status, _, _ = request(guarded.port, "/list")
        check("token: a server with a token refuses a request without it", status == 403, str(status))
        status, headers, _ = request(guarded.port, "/list?token=s3cret")
        cookie = headers.get("set-cookie", "")
        check("token: the URL it prints opens the page and sets the cookie",
              status == 200 and cookie.startswith("diffable_token=s3cret; HttpOnly"), f"{status} {cookie}")
        socket_url = f"ws://127.0.0.1:{guarded.port}/_diffable/ws"
        try:
            async with websockets.connect(socket_url) as socket_:
                refused = False
        except Exception:
            refused = True
        check("token: a WebSocket without the token is refused", refused)
        async with websockets.connect(socket_url, additional_headers={"Cookie": "diffable_token=s3cret"}) as socket_:
            await socket_.send(json.dumps(hello))
            reset = first_message(await socket_.recv())
        check("token: a WebSocket with the page's cookie is served", reset["t"] == "reset")
    finally:
        guarded.stop()


try:
    asyncio.run(main())
    asyncio.run(security())
finally:
    server.stop()
summary()
