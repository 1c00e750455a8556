// The server's HTTP API: JSON in, JSON out; a refusal becomes an ApiError carrying its reason.

export class ApiError extends Error {
  constructor(status, reason) {
    super(reason?.text || `HTTP ${status}`);
    this.status = status;
    this.reason = reason;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, reasonOf(data));
  return data;
}

/** FastAPI puts our refusals in ``detail`` and Pydantic's problems in a list there. */
function reasonOf(data) {
  const detail = data?.detail ?? data?.error;
  if (detail && typeof detail === "object" && "key" in detail) return detail;
  if (Array.isArray(detail)) {
    const text = detail.map((problem) => `${(problem.loc || []).join(".")}: ${problem.msg}`).join("; ");
    return { key: "server.bad_message", params: { detail: text }, text };
  }
  return null;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);
export const patch = (path, body = {}) => call("PATCH", path, body);
