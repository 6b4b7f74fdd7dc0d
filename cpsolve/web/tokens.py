"""Sealed game tokens: a game's whole state, encrypted and authenticated with the server's key.

The token is the game's ``id``. It is AES-256-GCM (an AEAD of the well-kept ``cryptography``
package) over a small header and the zlib-compressed cells, with a fresh 96-bit random nonce per
token, so a client holds its game but cannot read the layout (confidentiality) nor change a bit of
it (integrity: a token altered by one byte, or sealed with another key, is refused with 400).
The key is derived (HKDF-SHA256) from the server's secret: ``--secret-file``, the environment
variable ``CPSOLVE_SECRET``, or one generated at start. Servers that share the secret (``cpsolve
serve --processes N``, or a restart with the same secret) continue each other's games.

What a token allows and never allows is in docs/http-api.md: sending an older token again is
taking a move back (the page's practice mode makes that official); learning a covered cell's
content is not possible before the game ends.
"""

from __future__ import annotations

import base64
import binascii
import os
import struct
import zlib

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..simulate.levels import LogicRange
from .games import GameState
from .validate import RequestError

__all__ = ["SECRET_ENV", "Sealer", "new_secret"]

#: The environment variable that may hold the server's secret (at least 16 characters).
SECRET_ENV = "CPSOLVE_SECRET"
MIN_SECRET = 16
_VERSION = 1
_AAD = b"cpsolve game token v1"
# version, rows, cols, mines, bits, seed, exploded (-1: none), moves. bits: 0 opening, 1 no-guess,
# 2 laid, 3 a logic range, 4-5 its lowest level, 6-7 its highest (ranks of cpsolve.simulate.logic)
_HEAD = struct.Struct(">BHHIBQiI")
_NONCE = 12
_BAD = "not a game of this server: the id was altered, or sealed with another key (a server started " \
       "without --secret-file makes a new key at each start)"


def new_secret() -> str:
    """A random secret for a server started without one (its games end with it)."""
    return os.urandom(32).hex()


class Sealer:
    """Seals a :class:`GameState` into a token and opens tokens sealed with the same secret."""

    def __init__(self, secret: bytes | str) -> None:
        raw = secret.encode() if isinstance(secret, str) else secret
        if len(raw) < MIN_SECRET:
            raise ValueError(f"the secret has {len(raw)} bytes; at least {MIN_SECRET} are needed")
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_AAD).derive(raw)
        self._aead = AESGCM(key)

    def seal(self, g: GameState) -> str:
        bits = (g.first_click == "opening") | (g.no_guess << 1) | (g.laid << 2)
        if g.logic is not None:
            bits |= 8 | g.logic.low << 4 | g.logic.high << 6
        plain = _HEAD.pack(_VERSION, g.rows, g.cols, g.mines, bits, g.seed, g.exploded, g.moves) \
            + zlib.compress(bytes(g.cells), 6)
        nonce = os.urandom(_NONCE)
        return base64.urlsafe_b64encode(nonce + self._aead.encrypt(nonce, plain, _AAD)).rstrip(b"=").decode()

    def open(self, token: str, max_cells: int) -> GameState:
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except (binascii.Error, ValueError):
            raise RequestError(_BAD) from None
        if len(raw) < _NONCE + 16:
            raise RequestError(_BAD)
        try:
            plain = self._aead.decrypt(raw[:_NONCE], raw[_NONCE:], _AAD)
        except InvalidTag:
            raise RequestError(_BAD) from None
        # authentic: made by a server holding the secret, so well formed (checked all the same)
        version, rows, cols, mines, bits, seed, exploded, moves = _HEAD.unpack_from(plain)
        n = rows * cols
        if version != _VERSION or n > max_cells:
            raise RequestError("a game of another version or size limit of this server")
        cells = bytearray(zlib.decompressobj().decompress(plain[_HEAD.size:], n + 1))
        if len(cells) != n:
            raise RequestError(_BAD)
        logic = LogicRange(bits >> 4 & 3, bits >> 6 & 3) if bits & 8 else None
        if logic is not None and logic.low > logic.high:
            raise RequestError(_BAD)
        return GameState(rows, cols, mines, "opening" if bits & 1 else "safe", bool(bits & 2), seed,
                         bool(bits & 4), cells, exploded, moves, logic=logic)
