import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { catalogueAnswer } from '@transit-shop/tenancy';
import { loadDemoNetworks } from '../ticket-api/src/test-support/demo-networks.ts';

const networks = await loadDemoNetworks();
const { renderPage } = await import('../web/dist/.server/entry-server.js');
const [id, path, locale, out] = [Number(process.argv[2]), process.argv[3], process.argv[4], process.argv[5]];
const loaded = networks.byId(id)!;
const shell = await new Promise<string>((resolve, reject) => get({ host: '127.0.0.1', port: 8170, path, headers: { host: `${loaded.network.slug}.localhost:8170` } }, (res) => { let t = ''; res.setEncoding('utf8'); res.on('data', (c) => (t += c)); res.on('end', () => resolve(t)); }).on('error', reject));
const bootstrap = JSON.parse(shell.match(/<script type="application\/json" id="[^"]+">(.*?)<\/script>/s)![1]!);
const catalogue = catalogueAnswer({ config: loaded.network.config, catalogue: loaded.catalogue }, { locale });
const r = await renderPage({ bootstrap, url: `http://x.localhost:8170${path}`, catalogue });
const data = JSON.stringify({ queries: [{ key: ['catalogue', 'products', id, locale], data: catalogue }] }).replace(/</g, '\\u003c');
const html = shell
  .replace('</head>', `${r.styles}</head>`)
  .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/body>|<div id="root">.*?<\/header><\/div>/s, `<div id="root" data-server-rendered="true">${r.html}</div><script type="application/json" id="server-data">${data}</script>`);
writeFileSync(out, html);
console.log(r.kind, html.length, html.includes('data-server-rendered'));
