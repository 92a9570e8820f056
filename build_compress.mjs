// build.py's helper: Brotli copies of the site's files, for hosts that serve pre-compressed
// files (nginx brotli_static, Netlify, Cloudflare; docs/WEB.md "Bytes before Python").
//   node build_compress.mjs FILE [FILE ...]
// Writes FILE.br beside each FILE at the highest quality (11), with the file's size as the
// size hint; prints "FILE <original bytes> <brotli bytes>" a line. Node's zlib is the
// Brotli the build already has (no PyPI package needed); same input, same bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(file + ".br", br);
  console.log(`${file} ${data.length} ${br.length}`);
}
