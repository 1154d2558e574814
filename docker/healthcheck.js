// Container HEALTHCHECK: exit 0 when GET /healthz on this container answers 200 within 3 s.
const port = process.env.PORT || 3000;
fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) })
  .then((res) => process.exit(res.ok ? 0 : 1))
  .catch(() => process.exit(1));
