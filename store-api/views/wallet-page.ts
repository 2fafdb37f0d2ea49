/** The simulated wallet provider's approval page: plain HTML, no script, two buttons. */
export type WalletPageModel =
  { kind: 'unknown' } | { kind: 'decide'; token: string; total: number | null; done: boolean };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1a1a1a}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin-top:0}.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;border-radius:4px;border:2px solid #003087;cursor:pointer}
.approve{background:#003087;color:#fff}.cancel{background:#fff;color:#003087}
button:focus-visible{outline:3px solid #f0b000;outline-offset:2px}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

export function walletPage(model: WalletPageModel): string {
  if (model.kind === 'unknown')
    return layout('Payment not found', '<h1>Payment not found</h1><p>This payment link is unknown or has expired.</p>');
  const token = escapeHtml(model.token);
  const amount = model.total === null ? '' : `<p>Amount: <strong>$${model.total.toFixed(2)}</strong> (USD)</p>`;
  const status = model.done ? '<p role="status">This payment is already confirmed.</p>' : '';
  return layout(
    'Approve your payment',
    `<h1>Approve your payment</h1>
<p>Parts store asks to charge your wallet account.</p>${amount}${status}
<p>Reference: <code>${token}</code></p>
<div class="actions">
<form method="get"><input type="hidden" name="decision" value="approve"><button class="approve" type="submit">Approve</button></form>
<form method="get"><input type="hidden" name="decision" value="cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`,
  );
}
