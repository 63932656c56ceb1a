/** A self-contained API reference page (no CDN: the product works offline). Renders the OpenAPI document. */
export function apiReferenceHtml(specUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LootQueue API reference</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.5rem}h2{font-size:1rem;margin:1.5rem 0 .5rem;text-transform:uppercase;color:#6b7280}
.op{border:1px solid #e5e7eb;border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}
.m{display:inline-block;min-width:4rem;font-weight:700;font-family:monospace}.get{color:#059669}.post{color:#2563eb}
.patch,.put{color:#d97706}.delete{color:#dc2626}code{font-family:monospace}details pre{background:#f9fafb;padding:.5rem;overflow:auto;font-size:12px}</style>
</head><body><h1>LootQueue API reference</h1><p>OpenAPI document: <a href="${specUrl}">${specUrl}</a></p><main id="ops">Loading…</main>
<script>
fetch(${JSON.stringify(specUrl)}).then(r=>r.json()).then(doc=>{
  const byTag={};
  for(const [path,ops] of Object.entries(doc.paths||{})) for(const [method,op] of Object.entries(ops)){
    const tag=(op.tags&&op.tags[0])||'other';(byTag[tag]=byTag[tag]||[]).push({path,method,op});
  }
  for(const [name,ops] of Object.entries(doc.webhooks||{})) for(const [method,op] of Object.entries(ops)){
    (byTag['webhooks sent by LootQueue']=byTag['webhooks sent by LootQueue']||[]).push({path:name,method,op,hook:true});
  }
  const esc=s=>String(s).replace(/[&<>]/g,c=>({'&':'&amp;','<':'&lt;','>':'&gt;'})[c]);
  document.getElementById('ops').innerHTML=Object.entries(byTag).map(([tag,list])=>'<h2>'+esc(tag)+'</h2>'+list.map(({path,method,op,hook})=>
    '<div class="op"><span class="m '+method+'">'+method.toUpperCase()+'</span> <code>'+(hook?esc(path):'/api/v1'+esc(path))+'</code> — '+esc(op.summary||'')+
    (op.description?'<p>'+esc(op.description)+'</p>':'')+
    '<details><summary>details</summary><pre>'+esc(JSON.stringify({parameters:op.parameters,requestBody:op.requestBody,responses:op.responses},null,2))+'</pre></details></div>').join('')).join('');
});
</script></body></html>`
}
