import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeFloat64, fnv1a, fromHex, toHex, ulpDistance } from './float.js';

const next = (x) => {
  const b = new BigUint64Array(new Float64Array([x]).buffer);
  b[0] += x >= 0 ? 1n : -1n;
  return new Float64Array(b.buffer)[0];
};

test('ulpDistance is 1 between adjacent doubles and 0 for equal ones', () => {
  assert.equal(ulpDistance(1, next(1)), 1);
  assert.equal(ulpDistance(next(1), 1), 1);
  assert.equal(ulpDistance(-3.5, -3.5), 0);
  assert.equal(ulpDistance(1, 2), 2 ** 52);
});

test('ulpDistance counts across zero and treats -0 and +0 as one point', () => {
  assert.equal(ulpDistance(-5e-324, 5e-324), 2);
  assert.equal(ulpDistance(0, 5e-324), 1);
  assert.equal(ulpDistance(-0, 0), 0);
});

test('ulpDistance puts Infinity one step past the largest double, and NaN infinitely far from numbers', () => {
  assert.equal(ulpDistance(Number.MAX_VALUE, Number.POSITIVE_INFINITY), 1);
  assert.equal(ulpDistance(Number.NaN, Number.NaN), 0);
  assert.equal(ulpDistance(Number.NaN, 1), Number.POSITIVE_INFINITY);
});

test('hex bits round-trip and reject malformed input', () => {
  assert.equal(toHex(1), '3ff0000000000000');
  assert.equal(toHex(-0), '8000000000000000');
  assert.equal(fromHex('3ff0000000000001'), next(1));
  assert.throws(() => fromHex('3ff'), /16 hex digits/);
});

test('decodeFloat64 reads little-endian float64 base64', () => {
  const bytes = new Uint8Array(new Float64Array([1, -0, Number.MAX_VALUE]).buffer);
  const b64 = btoa(String.fromCharCode(...bytes));
  const out = decodeFloat64(b64);
  assert.deepEqual([...out], [1, -0, Number.MAX_VALUE]);
  assert.ok(Object.is(out[1], -0));
  assert.throws(() => decodeFloat64(btoa('abc')), /multiple of 8 bytes/);
});

test('fnv1a differs for different bits and ignores NaN payloads', () => {
  assert.notEqual(fnv1a([0]), fnv1a([-0]));
  const payload = new Float64Array(new BigUint64Array([0x7ff8000000000001n]).buffer)[0];
  assert.equal(fnv1a([payload]), fnv1a([Number.NaN]));
});
