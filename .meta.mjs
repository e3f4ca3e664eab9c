import { build } from 'esbuild';
const r = await build({ entryPoints: ['src/main.ts'], bundle: true, format: 'esm', minify: true, write: false, metafile: true, target: 'es2020', legalComments: 'none', charset: 'utf8', platform: 'neutral', mainFields: ['module','main'] });
const out = Object.values(r.metafile.outputs)[0];
for (const [f, v] of Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) console.log(v.bytesInOutput, f);
