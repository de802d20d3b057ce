import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  concatBytes,
  init_serde,
  toUint8Array
} from "./chunk-U6TOKP37.js";
import {
  __esm,
  __export
} from "./chunk-WAR6A6MM.js";

// node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Js.js
var CRC32_TABLE, ONES, Crc32Js;
var init_Crc32Js = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Js.js"() {
    CRC32_TABLE = new Uint32Array(256);
    for (let i = 0; i < 256; ++i) {
      let c = i;
      for (let j = 0; j < 8; ++j) {
        c = c & 1 ? 3988292384 ^ c >>> 1 : c >>> 1;
      }
      CRC32_TABLE[i] = c >>> 0;
    }
    ONES = 4294967295;
    Crc32Js = class {
      digestLength = 4;
      checksum = ONES;
      update(data) {
        for (let i = 0; i < data.length; ++i) {
          this.checksum = this.checksum >>> 8 ^ CRC32_TABLE[(this.checksum ^ data[i]) & 255];
        }
      }
      digestSync() {
        return (this.checksum ^ ONES) >>> 0;
      }
      async digest() {
        const value = this.digestSync();
        const out = new Uint8Array(4);
        new DataView(out.buffer).setUint32(0, value, false);
        return out;
      }
      reset() {
        this.checksum = ONES;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Node.js
import * as zlib from "node:zlib";
function buildNativeClass(nativeCrc32) {
  return class Crc32Node {
    digestLength = 4;
    value = 0;
    update(data) {
      this.value = nativeCrc32(data, this.value);
    }
    digestSync() {
      return this.value >>> 0;
    }
    async digest() {
      const out = new Uint8Array(4);
      new DataView(out.buffer).setUint32(0, this.digestSync(), false);
      return out;
    }
    reset() {
      this.value = 0;
    }
  };
}
var zlibCrc32, Crc32Node;
var init_Crc32Node = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/crc32/Crc32Node.js"() {
    init_Crc32Js();
    zlibCrc32 = typeof zlib.crc32 === "function" ? zlib.crc32 : void 0;
    Crc32Node = zlibCrc32 ? buildNativeClass(zlibCrc32) : Crc32Js;
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/chunked-blob-reader/chunked-blob-reader.js
async function blobReader(blob, onChunk, chunkSize = 1024 * 1024) {
  const size = blob.size;
  let totalBytesRead = 0;
  while (totalBytesRead < size) {
    const slice = blob.slice(totalBytesRead, Math.min(size, totalBytesRead + chunkSize));
    onChunk(new Uint8Array(await slice.arrayBuffer()));
    totalBytesRead += slice.size;
  }
}
var init_chunked_blob_reader = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/chunked-blob-reader/chunked-blob-reader.js"() {
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/hash-blob-browser/blobHasher.js
var blobHasher;
var init_blobHasher = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/hash-blob-browser/blobHasher.js"() {
    init_chunked_blob_reader();
    blobHasher = async function blobHasher2(hashCtor, blob) {
      const hash = new hashCtor();
      await blobReader(blob, (chunk) => {
        hash.update(chunk);
      });
      return hash.digest();
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/HashCalculator.js
import { Writable } from "node:stream";
var HashCalculator;
var init_HashCalculator = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/HashCalculator.js"() {
    init_serde();
    HashCalculator = class extends Writable {
      hash;
      constructor(hash, options) {
        super(options);
        this.hash = hash;
      }
      _write(chunk, encoding, callback) {
        try {
          this.hash.update(toUint8Array(chunk));
        } catch (err) {
          return callback(err);
        }
        callback();
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/fileStreamHasher.js
import { createReadStream } from "node:fs";
var fileStreamHasher, isReadStream;
var init_fileStreamHasher = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/fileStreamHasher.js"() {
    init_HashCalculator();
    fileStreamHasher = (hashCtor, fileStream) => new Promise((resolve, reject) => {
      if (!isReadStream(fileStream)) {
        reject(new Error("Unable to calculate hash for non-file streams."));
        return;
      }
      const fileStreamTee = createReadStream(fileStream.path, {
        start: fileStream.start,
        end: fileStream.end
      });
      const hash = new hashCtor();
      const hashCalculator = new HashCalculator(hash);
      fileStreamTee.pipe(hashCalculator);
      fileStreamTee.on("error", (err) => {
        hashCalculator.end();
        reject(err);
      });
      hashCalculator.on("error", reject);
      hashCalculator.on("finish", function() {
        hash.digest().then(resolve).catch(reject);
      });
    });
    isReadStream = (stream) => typeof stream.path === "string";
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/readableStreamHasher.js
var readableStreamHasher;
var init_readableStreamHasher = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/hash-stream-node/readableStreamHasher.js"() {
    init_HashCalculator();
    readableStreamHasher = (hashCtor, readableStream) => {
      if (readableStream.readableFlowing !== null) {
        throw new Error("Unable to calculate hash for flowing readable stream");
      }
      const hash = new hashCtor();
      const hashCalculator = new HashCalculator(hash);
      readableStream.pipe(hashCalculator);
      return new Promise((resolve, reject) => {
        readableStream.on("error", (err) => {
          hashCalculator.end();
          reject(err);
        });
        hashCalculator.on("error", reject);
        hashCalculator.on("finish", () => {
          hash.digest().then(resolve).catch(reject);
        });
      });
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Js.js
function compress(state, block) {
  let a = state[0], b = state[1], c = state[2], d = state[3];
  for (let i = 0; i < 64; ++i) {
    let f, g;
    if (i < 16) {
      f = b & c | ~b & d;
      g = i;
    } else if (i < 32) {
      f = d & b | c & ~d;
      g = (5 * i + 1) % 16;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) % 16;
    } else {
      f = c ^ (b | ~d);
      g = 7 * i % 16;
    }
    const x = block.getUint32(g * 4, true);
    const tmp = d;
    d = c;
    c = b;
    const s = S[(i >> 4) * 4 + (i & 3)];
    const sum = (a + f & M) + (x + T[i] & M) & M;
    b = b + ((sum << s | sum >>> 32 - s) >>> 0) & M;
    a = tmp;
  }
  state[0] = state[0] + a & M;
  state[1] = state[1] + b & M;
  state[2] = state[2] + c & M;
  state[3] = state[3] + d & M;
}
var Md5Js, INIT, M, S, T;
var init_Md5Js = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Js.js"() {
    init_serde();
    Md5Js = class {
      digestLength = 16;
      state = Uint32Array.from(INIT);
      writeBuffer = new DataView(new ArrayBuffer(64));
      bufferLength = 0;
      bytesHashed = 0;
      update(sourceData) {
        const data = toUint8Array(sourceData);
        let pos = 0;
        let len = data.byteLength;
        this.bytesHashed += len;
        while (len > 0) {
          this.writeBuffer.setUint8(this.bufferLength++, data[pos++]);
          --len;
          if (this.bufferLength === 64) {
            compress(this.state, this.writeBuffer);
            this.bufferLength = 0;
          }
        }
      }
      async digest() {
        const state = Uint32Array.from(this.state);
        const buf = new DataView(this.writeBuffer.buffer.slice(0));
        let bufLen = this.bufferLength;
        const bits = this.bytesHashed * 8;
        buf.setUint8(bufLen++, 128);
        if (this.bufferLength % 64 >= 56) {
          for (let i = bufLen; i < 64; ++i) {
            buf.setUint8(i, 0);
          }
          compress(state, buf);
          bufLen = 0;
        }
        for (let i = bufLen; i < 56; ++i) {
          buf.setUint8(i, 0);
        }
        buf.setUint32(56, bits >>> 0, true);
        buf.setUint32(60, Math.floor(bits / 2 ** 32), true);
        compress(state, buf);
        const out = new Uint8Array(16);
        const view = new DataView(out.buffer);
        for (let i = 0; i < 4; ++i) {
          view.setUint32(i * 4, state[i], true);
        }
        return out;
      }
      reset() {
        this.state.set(INIT);
        this.writeBuffer = new DataView(new ArrayBuffer(64));
        this.bufferLength = 0;
        this.bytesHashed = 0;
      }
    };
    INIT = [1732584193, 4023233417, 2562383102, 271733878];
    M = 4294967295;
    S = Uint8Array.of(7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21);
    T = Array.from({ length: 64 }, (_, i) => Math.abs(Math.sin(i + 1)) * 2 ** 32 >>> 0);
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Node.js
import { createHash } from "node:crypto";
function buildNativeClass2() {
  return class Md5Node {
    digestLength = 16;
    hash = createHash("md5");
    update(data) {
      this.hash.update(toUint8Array(data));
    }
    async digest() {
      const buf = this.hash.copy().digest();
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    reset() {
      this.hash = createHash("md5");
    }
  };
}
var hasNativeCrypto, Md5Node;
var init_Md5Node = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/md5/Md5Node.js"() {
    init_serde();
    init_Md5Js();
    hasNativeCrypto = (() => {
      try {
        createHash("md5");
        return true;
      } catch {
        return false;
      }
    })();
    Md5Node = hasNativeCrypto ? buildNativeClass2() : Md5Js;
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Js.js
var BLOCK, DIGEST_LENGTH, MAX_HASHABLE_LENGTH, Sha256Js, INIT2, K;
var init_Sha256Js = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Js.js"() {
    init_serde();
    BLOCK = 64;
    DIGEST_LENGTH = 32;
    MAX_HASHABLE_LENGTH = 2 ** 53 - 1;
    Sha256Js = class _Sha256Js {
      digestLength = DIGEST_LENGTH;
      state = Int32Array.from(INIT2);
      w;
      buffer = new Uint8Array(64);
      bufferLength = 0;
      bytesHashed = 0;
      finished = false;
      inner;
      outer;
      constructor(secret) {
        if (secret) {
          const key = _Sha256Js.normalizeKey(secret);
          this.inner = new _Sha256Js();
          this.outer = new _Sha256Js();
          const { inner, outer } = this;
          const pad = new Uint8Array(BLOCK * 2);
          for (let i = 0; i < BLOCK; ++i) {
            pad[i] = 54 ^ key[i];
            pad[i + BLOCK] = 92 ^ key[i];
          }
          inner.update(pad.subarray(0, BLOCK));
          outer.update(pad.subarray(BLOCK));
        }
      }
      update(data) {
        if (this.finished) {
          throw new Error("Attempted to update an already finished HMAC.");
        }
        if (this.inner) {
          this.inner.update(data);
          return;
        }
        const chunk = toUint8Array(data);
        let position = 0;
        let { byteLength } = chunk;
        this.bytesHashed += byteLength;
        if (this.bytesHashed * 8 > MAX_HASHABLE_LENGTH) {
          throw new Error("Cannot hash more than 2^53 - 1 bits");
        }
        while (byteLength > 0) {
          this.buffer[this.bufferLength++] = chunk[position++];
          byteLength--;
          if (this.bufferLength === BLOCK) {
            this.hashBuffer();
            this.bufferLength = 0;
          }
        }
      }
      async digest() {
        const { inner, outer } = this;
        if (inner && outer) {
          if (this.finished) {
            throw new Error("Attempted to digest an already finished HMAC.");
          }
          this.finished = true;
          const innerDigest = inner.digestSync();
          outer.update(innerDigest);
          return outer.digestSync();
        }
        return this.digestSync();
      }
      reset() {
        this.state = Int32Array.from(INIT2);
        this.buffer = new Uint8Array(64);
        this.bufferLength = 0;
        this.bytesHashed = 0;
      }
      digestSync() {
        const state = this.state.slice();
        const buffer = this.buffer.slice();
        let bufferLength = this.bufferLength;
        const bitsHashed = this.bytesHashed * 8;
        const bufferView = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
        bufferView.setUint8(bufferLength++, 128);
        if ((bufferLength - 1) % BLOCK >= BLOCK - 8) {
          for (let i = bufferLength; i < BLOCK; ++i) {
            bufferView.setUint8(i, 0);
          }
          this.hashBufferWith(state, buffer);
          bufferLength = 0;
        }
        for (let i = bufferLength; i < BLOCK - 8; ++i) {
          bufferView.setUint8(i, 0);
        }
        bufferView.setUint32(BLOCK - 8, Math.floor(bitsHashed / 4294967296), false);
        bufferView.setUint32(BLOCK - 4, bitsHashed, false);
        this.hashBufferWith(state, buffer);
        const out = new Uint8Array(DIGEST_LENGTH);
        for (let i = 0; i < 8; ++i) {
          out[i * 4] = state[i] >>> 24 & 255;
          out[i * 4 + 1] = state[i] >>> 16 & 255;
          out[i * 4 + 2] = state[i] >>> 8 & 255;
          out[i * 4 + 3] = state[i] >>> 0 & 255;
        }
        return out;
      }
      static normalizeKey(secret) {
        const key = toUint8Array(secret);
        if (key.byteLength > BLOCK) {
          const h = new _Sha256Js();
          h.update(key);
          const out = h.digestSync();
          const padded = new Uint8Array(BLOCK);
          padded.set(out);
          return padded;
        }
        if (key.byteLength < BLOCK) {
          const padded = new Uint8Array(BLOCK);
          padded.set(key);
          return padded;
        }
        return key;
      }
      hashBuffer() {
        this.hashBufferWith(this.state, this.buffer);
      }
      hashBufferWith(state, buffer) {
        const w = this.w ??= new Int32Array(64);
        let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3], s4 = state[4], s5 = state[5], s6 = state[6], s7 = state[7];
        for (let i = 0; i < BLOCK; ++i) {
          if (i < 16) {
            w[i] = (buffer[i * 4] & 255) << 24 | (buffer[i * 4 + 1] & 255) << 16 | (buffer[i * 4 + 2] & 255) << 8 | buffer[i * 4 + 3] & 255;
          } else {
            let u = w[i - 2];
            const t12 = (u >>> 17 | u << 15) ^ (u >>> 19 | u << 13) ^ u >>> 10;
            u = w[i - 15];
            const t22 = (u >>> 7 | u << 25) ^ (u >>> 18 | u << 14) ^ u >>> 3;
            w[i] = (t12 + w[i - 7] | 0) + (t22 + w[i - 16] | 0);
          }
          const t1 = (((s4 >>> 6 | s4 << 26) ^ (s4 >>> 11 | s4 << 21) ^ (s4 >>> 25 | s4 << 7)) + (s4 & s5 ^ ~s4 & s6) | 0) + (s7 + (K[i] + w[i] | 0) | 0) | 0;
          const t2 = ((s0 >>> 2 | s0 << 30) ^ (s0 >>> 13 | s0 << 19) ^ (s0 >>> 22 | s0 << 10)) + (s0 & s1 ^ s0 & s2 ^ s1 & s2) | 0;
          s7 = s6;
          s6 = s5;
          s5 = s4;
          s4 = s3 + t1 | 0;
          s3 = s2;
          s2 = s1;
          s1 = s0;
          s0 = t1 + t2 | 0;
        }
        state[0] += s0;
        state[1] += s1;
        state[2] += s2;
        state[3] += s3;
        state[4] += s4;
        state[5] += s5;
        state[6] += s6;
        state[7] += s7;
      }
    };
    INIT2 = new Int32Array([
      1779033703,
      3144134277,
      1013904242,
      2773480762,
      1359893119,
      2600822924,
      528734635,
      1541459225
    ]);
    K = new Int32Array([
      1116352408,
      1899447441,
      3049323471,
      3921009573,
      961987163,
      1508970993,
      2453635748,
      2870763221,
      3624381080,
      310598401,
      607225278,
      1426881987,
      1925078388,
      2162078206,
      2614888103,
      3248222580,
      3835390401,
      4022224774,
      264347078,
      604807628,
      770255983,
      1249150122,
      1555081692,
      1996064986,
      2554220882,
      2821834349,
      2952996808,
      3210313671,
      3336571891,
      3584528711,
      113926993,
      338241895,
      666307205,
      773529912,
      1294757372,
      1396182291,
      1695183700,
      1986661051,
      2177026350,
      2456956037,
      2730485921,
      2820302411,
      3259730800,
      3345764771,
      3516065817,
      3600352804,
      4094571909,
      275423344,
      430227734,
      506948616,
      659060556,
      883997877,
      958139571,
      1322822218,
      1537002063,
      1747873779,
      1955562222,
      2024104815,
      2227730452,
      2361852424,
      2428436474,
      2756734187,
      3204031479,
      3329325298
    ]);
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Node.js
import { createHash as createHash2, createHmac } from "node:crypto";
function buildNativeClass3() {
  return class Sha256Node {
    digestLength = 32;
    secret;
    hash;
    isHmac;
    finished = false;
    constructor(secret) {
      this.secret = secret;
      this.isHmac = !!secret;
      this.hash = this.createHash();
    }
    update(data) {
      if (this.finished) {
        throw new Error("Attempted to update an already finished hash.");
      }
      this.hash.update(data);
    }
    async digest() {
      let buf;
      if (this.isHmac) {
        this.finished = true;
        buf = this.hash.digest();
      } else {
        buf = this.hash.copy().digest();
      }
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    reset() {
      this.hash = this.createHash();
      this.finished = false;
    }
    createHash() {
      return this.secret ? createHmac("sha256", toBuffer(this.secret)) : createHash2("sha256");
    }
  };
}
function toBuffer(data) {
  if (typeof data === "string") {
    return data;
  }
  if (ArrayBuffer.isView(data)) {
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }
  return Buffer.from(data);
}
var hasNativeCrypto2, Sha256Node;
var init_Sha256Node = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256Node.js"() {
    init_Sha256Js();
    hasNativeCrypto2 = (() => {
      try {
        createHash2("sha256");
        return true;
      } catch {
        return false;
      }
    })();
    Sha256Node = hasNativeCrypto2 ? buildNativeClass3() : Sha256Js;
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256WebCrypto.js
var digest, sign, importKey, subtle, MAX_PENDING_BYTES, Sha256WebCrypto;
var init_Sha256WebCrypto = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/sha256/Sha256WebCrypto.js"() {
    init_serde();
    init_Sha256Js();
    ({ digest, sign, importKey } = globalThis?.crypto?.subtle ?? {});
    subtle = typeof digest === "function" && typeof sign === "function" && typeof importKey === "function" ? globalThis.crypto.subtle : void 0;
    MAX_PENDING_BYTES = 8 * 1024 * 1024;
    Sha256WebCrypto = class {
      digestLength = 32;
      secret;
      pending = [];
      pendingBytes = 0;
      fallback;
      finished = false;
      constructor(secret) {
        if (secret) {
          this.secret = toUint8Array(secret);
        }
      }
      update(data) {
        if (this.finished) {
          throw new Error("Attempted to update an already finished HMAC.");
        }
        if (this.fallback) {
          this.fallback.update(data);
          return;
        }
        this.pending.push(data.slice());
        this.pendingBytes += data.byteLength;
        if (this.pendingBytes >= MAX_PENDING_BYTES) {
          this.switchToFallback();
        }
      }
      async digest() {
        if (this.fallback) {
          return this.fallback.digest();
        }
        if (this.secret && this.finished) {
          throw new Error("Attempted to digest an already finished HMAC.");
        }
        const data = concatBytes(this.pending);
        if (subtle) {
          if (this.secret) {
            this.finished = true;
            const key = await subtle.importKey("raw", this.secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
            const sig = await subtle.sign("HMAC", key, data);
            return new Uint8Array(sig);
          }
          const hash = await subtle.digest("SHA-256", data);
          return new Uint8Array(hash);
        }
        const sha256 = new Sha256Js(this.secret);
        sha256.update(data);
        return sha256.digest();
      }
      reset() {
        this.pending = [];
        this.pendingBytes = 0;
        this.fallback = void 0;
        this.finished = false;
      }
      switchToFallback() {
        const sha256Js = new Sha256Js(this.secret);
        for (const chunk of this.pending) {
          sha256Js.update(chunk);
        }
        this.fallback = sha256Js;
        this.pending = [];
        this.pendingBytes = 0;
      }
    };
  }
});

// node_modules/@smithy/core/dist-es/submodules/checksum/index.js
var checksum_exports = {};
__export(checksum_exports, {
  Crc32: () => Crc32Node,
  Crc32Js: () => Crc32Js,
  Crc32Node: () => Crc32Node,
  Md5: () => Md5Node,
  Md5Js: () => Md5Js,
  Md5Node: () => Md5Node,
  Sha256: () => Sha256Node,
  Sha256Js: () => Sha256Js,
  Sha256Node: () => Sha256Node,
  Sha256WebCrypto: () => Sha256WebCrypto,
  blobHasher: () => blobHasher,
  blobReader: () => blobReader,
  fileStreamHasher: () => fileStreamHasher,
  readableStreamHasher: () => readableStreamHasher
});
var init_checksum = __esm({
  "node_modules/@smithy/core/dist-es/submodules/checksum/index.js"() {
    init_blobHasher();
    init_fileStreamHasher();
    init_readableStreamHasher();
    init_Md5Js();
    init_Md5Node();
    init_Crc32Js();
    init_Crc32Node();
    init_Sha256Js();
    init_Sha256Node();
    init_Sha256WebCrypto();
    init_chunked_blob_reader();
  }
});

export {
  Crc32Node,
  Sha256Js,
  Sha256Node,
  checksum_exports,
  init_checksum
};
