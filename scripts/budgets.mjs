// Byte budgets of the production build: renders every route from dist/ over HTTP, follows each
// page's scripts and imports in dist/client, gzips them and fails when a page is over its budget,
// its budget is over the ceiling (outside the named exceptions) or has less than the headroom free.
import {
  BUDGET_HEADROOM_BYTES,
  HTML_BUDGET_BYTES,
  ISLAND_JS_CEILING_BYTES,
  PUBLIC_JS_BUDGET_BYTES,
  budgetVerdict,
  formatKb,
  formatTable,
  htmlBudgetVerdict,
  islandBudget,
  measurePage,
} from './perf/bundle.mjs';
import { ROUTES, createBasket, fetchRoute, notFoundTitle, placeOrder, signIn } from './perf/routes.mjs';
import { CLIENT_DIR, startSite, startStoreApi, stopAll } from './perf/servers.mjs';

/** @param {{ name: string, kind: string }} route */
function budgetCell(route) {
  if (route.kind !== 'island') return formatKb(PUBLIC_JS_BUDGET_BYTES);
  const budget = islandBudget(route.name);
  return budget === undefined ? '—' : formatKb(budget);
}

const handles = [];
let failures = 0;
try {
  const api = await startStoreApi();
  handles.push(api);
  const site = await startSite({ apiUrl: api.url });
  handles.push(site);

  const context = {
    basket: await createBasket(api.url),
    session: await signIn(site.url),
    order: await placeOrder(site.url, api.url),
    notFoundTitle: await notFoundTitle(site.url),
  };
  const rows = [];
  const notes = [];
  for (const route of ROUTES) {
    const page = await fetchRoute(site.url, route, context);
    if (page.skip) {
      notes.push(`skipped ${route.name} (${route.path}): ${page.skip}`);
      continue;
    }
    const measured = measurePage(CLIENT_DIR, page.html);
    const verdict = budgetVerdict(route, measured);
    if (!verdict.ok) failures += 1;
    const htmlVerdict = htmlBudgetVerdict(route.name, measured);
    if (!htmlVerdict.ok) failures += 1;
    rows.push([
      route.name,
      route.path,
      route.kind,
      String(page.status),
      String(measured.scripts.length + measured.inlineScripts),
      formatKb(measured.jsGzip),
      budgetCell(route),
      formatKb(measured.onDemandGzip),
      formatKb(measured.cssGzip),
      formatKb(measured.htmlBytes),
      verdict.ok ? `ok (${verdict.reason})` : `FAIL ${verdict.reason}`,
      htmlVerdict.ok ? `ok (${htmlVerdict.reason})` : `FAIL ${htmlVerdict.reason}`,
    ]);
  }
  console.log(
    `\nJavaScript budgets: public pages ${formatKb(PUBLIC_JS_BUDGET_BYTES)}; island pages their own, gzipped, as they open, at most ${formatKb(ISLAND_JS_CEILING_BYTES)} (named exceptions apart) and ${formatKb(BUDGET_HEADROOM_BYTES)} above what they ship\n`,
  );
  console.log(
    `HTML budgets: ${formatKb(HTML_BUDGET_BYTES.default)} a page as served, ${Object.entries(HTML_BUDGET_BYTES)
      .filter(([name]) => name !== 'default')
      .map(([name, bytes]) => `${name} ${formatKb(bytes)}`)
      .join(', ')}\n`,
  );
  console.log(
    formatTable(
      [
        'route',
        'path',
        'kind',
        'status',
        'scripts',
        'JS gzip',
        'budget',
        'on demand',
        'CSS gzip',
        'HTML',
        'verdict',
        'HTML verdict',
      ],
      rows,
    ),
  );
  for (const note of notes) console.log(`note: ${note}`);
  if (rows.length === 0) {
    failures += 1;
    console.log('no route could be measured');
  }
} catch (error) {
  failures += 1;
  console.error(String(error instanceof Error ? error.message : error));
} finally {
  await stopAll(handles);
}
console.log(
  failures === 0 ? '\nbudgets: all routes within budget' : `\nbudgets: ${failures} route(s) over budget or failing`,
);
process.exit(failures === 0 ? 0 : 1);
