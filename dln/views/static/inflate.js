// Raw DEFLATE (RFC 1951) decoding, for the page's data: dln writes each block of positions deflated
// (Python's zlib) and in base64, and the viewer inflates a block when it first needs one of its positions.
// Synchronous, so a key shows its position at once; a few milliseconds a block (docs/viewer.md).
// Decoding as zlib's own "puff.c" does: canonical Huffman codes read a bit at a time, no tables to build
// beyond the count of codes of each length.
var dlnInflate = (function () {
  "use strict";
  var LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
    131, 163, 195, 227, 258];
  var LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  var DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
  var DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
    13, 13];
  // The order in which a dynamic block gives the code lengths of its code-length code.
  var ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

  function Huffman(lengths) {
    // Codes of each length counted, and the symbols sorted by code (canonical Huffman, RFC 1951 3.2.2).
    this.counts = new Uint16Array(16);
    this.symbols = new Uint16Array(lengths.length);
    var offsets = new Uint16Array(16), i;
    for (i = 0; i < lengths.length; i++) this.counts[lengths[i]]++;
    this.counts[0] = 0;
    for (i = 1; i < 16; i++) offsets[i] = offsets[i - 1] + this.counts[i - 1];
    for (i = 0; i < lengths.length; i++) if (lengths[i]) this.symbols[offsets[lengths[i]]++] = i;
  }

  var FIXED_LITERALS, FIXED_DISTANCES;
  (function () {
    var lengths = new Uint8Array(288), i;
    for (i = 0; i < 144; i++) lengths[i] = 8;
    for (; i < 256; i++) lengths[i] = 9;
    for (; i < 280; i++) lengths[i] = 7;
    for (; i < 288; i++) lengths[i] = 8;
    FIXED_LITERALS = new Huffman(lengths);
    var distances = new Uint8Array(30);
    for (i = 0; i < 30; i++) distances[i] = 5;
    FIXED_DISTANCES = new Huffman(distances);
  })();

  // The bytes of a raw DEFLATE stream, inflated; throws an Error on a stream that is cut short or malformed.
  return function inflate(input) {
    var out = new Uint8Array(Math.max(1024, input.length * 8)), size = 0;
    var at = 0, buffer = 0, held = 0;

    function fail(why) { throw new Error("inflate: " + why); }
    function bits(count) {
      while (held < count) {
        if (at >= input.length) fail("the data ends too soon");
        buffer |= input[at++] << held;
        held += 8;
      }
      var value = buffer & ((1 << count) - 1);
      buffer >>>= count;
      held -= count;
      return value;
    }
    function room(more) {
      if (size + more <= out.length) return;
      var bigger = new Uint8Array(Math.max(out.length * 2, size + more));
      bigger.set(out.subarray(0, size));
      out = bigger;
    }
    function decode(code) {
      var value = 0, first = 0, index = 0;
      for (var length = 1; length < 16; length++) {
        if (!held) {
          if (at >= input.length) fail("the data ends too soon");
          buffer = input[at++];
          held = 8;
        }
        value |= buffer & 1;
        buffer >>>= 1;
        held--;
        var count = code.counts[length];
        if (value - count < first) return code.symbols[index + value - first];
        index += count;
        first = (first + count) << 1;
        value <<= 1;
      }
      return fail("a code that is not in its table");
    }
    function stored() {
      buffer = 0;
      held = 0;  // the rest of the byte is padding
      if (at + 4 > input.length) fail("the data ends too soon");
      var length = input[at] | (input[at + 1] << 8), check = input[at + 2] | (input[at + 3] << 8);
      at += 4;
      if (length !== (~check & 0xffff)) fail("a stored block's length");
      if (at + length > input.length) fail("the data ends too soon");
      room(length);
      out.set(input.subarray(at, at + length), size);
      size += length;
      at += length;
    }
    function codes(literals, distances) {
      for (;;) {
        var symbol = decode(literals);
        if (symbol < 256) {
          room(1);
          out[size++] = symbol;
        } else if (symbol === 256) {
          return;
        } else {
          symbol -= 257;
          if (symbol >= 29) fail("a length code");
          var length = LENGTH_BASE[symbol] + bits(LENGTH_EXTRA[symbol]);
          var d = decode(distances);
          if (d >= 30) fail("a distance code");
          var distance = DISTANCE_BASE[d] + bits(DISTANCE_EXTRA[d]);
          if (distance > size) fail("a distance before the start");
          room(length);
          for (var k = 0; k < length; k++, size++) out[size] = out[size - distance];
        }
      }
    }
    function dynamic() {
      var literalCount = bits(5) + 257, distanceCount = bits(5) + 1, lengthCount = bits(4) + 4, i;
      if (literalCount > 286 || distanceCount > 30) fail("too many codes");
      var lengths = new Uint8Array(19);
      for (i = 0; i < lengthCount; i++) lengths[ORDER[i]] = bits(3);
      var lengthCode = new Huffman(lengths);
      var all = new Uint8Array(literalCount + distanceCount);
      for (i = 0; i < all.length;) {
        var symbol = decode(lengthCode), repeat, value = 0;
        if (symbol < 16) {
          all[i++] = symbol;
          continue;
        }
        if (symbol === 16) {
          if (i === 0) fail("a repeat with nothing before it");
          value = all[i - 1];
          repeat = 3 + bits(2);
        } else if (symbol === 17) {
          repeat = 3 + bits(3);
        } else {
          repeat = 11 + bits(7);
        }
        if (i + repeat > all.length) fail("too many code lengths");
        while (repeat--) all[i++] = value;
      }
      if (!all[256]) fail("no end-of-block code");
      codes(new Huffman(all.subarray(0, literalCount)), new Huffman(all.subarray(literalCount)));
    }

    var last;
    do {
      last = bits(1);
      var kind = bits(2);
      if (kind === 0) stored();
      else if (kind === 1) codes(FIXED_LITERALS, FIXED_DISTANCES);
      else if (kind === 2) dynamic();
      else fail("a block of an unknown kind");
    } while (!last);
    return out.subarray(0, size);
  };
})();
