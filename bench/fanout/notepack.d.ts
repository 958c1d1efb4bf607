// notepack.io (the msgpack codec under socket.io-msgpack-parser) ships no types; the bench uses these two calls.
declare module 'notepack.io' {
  export function encode(value: unknown): Buffer;
  export function decode<T = unknown>(buffer: Buffer | ArrayBuffer | Uint8Array): T;
  const notepack: { encode: typeof encode; decode: typeof decode };
  export default notepack;
}
