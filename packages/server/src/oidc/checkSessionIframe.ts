import { BROWSER_STATE_COOKIE } from './sessionState.js';

/**
 * The OP iframe of OpenID Connect Session Management (`check_session_iframe`). The relying party
 * posts "<client_id> <session_state>"; the iframe recomputes the state from the browser-state
 * cookie and answers "unchanged", "changed" or "error". SHA-256 is done in plain JavaScript because
 * crypto.subtle is missing on plain-http origins other than localhost.
 */
export const CHECK_SESSION_SCRIPT = `(function () {
  var K = [0x428a2f98,0x71374491,0xb5c0fbcf,0xe9b5dba5,0x3956c25b,0x59f111f1,0x923f82a4,0xab1c5ed5,
    0xd807aa98,0x12835b01,0x243185be,0x550c7dc3,0x72be5d74,0x80deb1fe,0x9bdc06a7,0xc19bf174,
    0xe49b69c1,0xefbe4786,0x0fc19dc6,0x240ca1cc,0x2de92c6f,0x4a7484aa,0x5cb0a9dc,0x76f988da,
    0x983e5152,0xa831c66d,0xb00327c8,0xbf597fc7,0xc6e00bf3,0xd5a79147,0x06ca6351,0x14292967,
    0x27b70a85,0x2e1b2138,0x4d2c6dfc,0x53380d13,0x650a7354,0x766a0abb,0x81c2c92e,0x92722c85,
    0xa2bfe8a1,0xa81a664b,0xc24b8b70,0xc76c51a3,0xd192e819,0xd6990624,0xf40e3585,0x106aa070,
    0x19a4c116,0x1e376c08,0x2748774c,0x34b0bcb5,0x391c0cb3,0x4ed8aa4a,0x5b9cca4f,0x682e6ff3,
    0x748f82ee,0x78a5636f,0x84c87814,0x8cc70208,0x90befffa,0xa4506ceb,0xbef9a3f7,0xc67178f2];
  function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }
  function sha256hex(text) {
    var data = new TextEncoder().encode(text);
    var length = data.length, padded = ((length + 9 + 63) >> 6) << 6;
    var bytes = new Uint8Array(padded);
    bytes.set(data);
    bytes[length] = 0x80;
    var bits = length * 8;
    bytes[padded - 4] = bits >>> 24; bytes[padded - 3] = (bits >>> 16) & 255;
    bytes[padded - 2] = (bits >>> 8) & 255; bytes[padded - 1] = bits & 255;
    var H = [0x6a09e667,0xbb67ae85,0x3c6ef372,0xa54ff53a,0x510e527f,0x9b05688c,0x1f83d9ab,0x5be0cd19];
    var w = new Array(64);
    for (var i = 0; i < padded; i += 64) {
      var t;
      for (t = 0; t < 16; t++) {
        w[t] = (bytes[i + 4 * t] << 24) | (bytes[i + 4 * t + 1] << 16) | (bytes[i + 4 * t + 2] << 8) | bytes[i + 4 * t + 3];
      }
      for (t = 16; t < 64; t++) {
        var s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
        var s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
      }
      var a = H[0], b = H[1], c = H[2], d = H[3], e = H[4], f = H[5], g = H[6], h = H[7];
      for (t = 0; t < 64; t++) {
        var t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      H[0] = (H[0] + a) | 0; H[1] = (H[1] + b) | 0; H[2] = (H[2] + c) | 0; H[3] = (H[3] + d) | 0;
      H[4] = (H[4] + e) | 0; H[5] = (H[5] + f) | 0; H[6] = (H[6] + g) | 0; H[7] = (H[7] + h) | 0;
    }
    return H.map(function (v) { return ('00000000' + (v >>> 0).toString(16)).slice(-8); }).join('');
  }
  function browserState() {
    var cookies = document.cookie ? document.cookie.split('; ') : [];
    for (var i = 0; i < cookies.length; i++) {
      var eq = cookies[i].indexOf('=');
      if (cookies[i].slice(0, eq) === '${BROWSER_STATE_COOKIE}') return decodeURIComponent(cookies[i].slice(eq + 1));
    }
    return '';
  }
  window.addEventListener('message', function (event) {
    if (!event.source || typeof event.data !== 'string') return;
    var parts = event.data.split(' ');
    var clientId = parts[0], sessionState = parts[1], dot = sessionState ? sessionState.lastIndexOf('.') : -1;
    if (parts.length !== 2 || !clientId || dot < 0) { event.source.postMessage('error', event.origin); return; }
    var salt = sessionState.slice(dot + 1);
    var expected = sha256hex(clientId + ' ' + event.origin + ' ' + browserState() + ' ' + salt) + '.' + salt;
    event.source.postMessage(expected === sessionState ? 'unchanged' : 'changed', event.origin);
  }, false);
})();`;

export function checkSessionIframeHtml(): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>check session</title></head>
<body><script>${CHECK_SESSION_SCRIPT}</script></body></html>`;
}
