-- wrk script of the form_submit bench: each request POSTs the next body of the file given
-- after `--` (one urlencoded body a line: a page token, a solved proof of work, a new
-- address; thread k of n takes lines k, k + n, ...; a body is never sent twice unless the
-- file runs out, and then the submit refuses it, which counts as an error). done() prints
-- one JSON line like tracking_wrk.lua's.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("number", #threads)
end

function init(args)
  bodies = {}
  local n, count = 0, tonumber(args[2])
  for line in io.lines(args[1]) do
    n = n + 1
    if #line > 0 and n % count == number - 1 then bodies[#bodies + 1] = line end
  end
  at = 0
  made = 0
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
end

function request()
  at = at % #bodies + 1
  made = made + 1
  return wrk.format(nil, nil, nil, bodies[at])
end

function done(summary, latency, requests)
  local made_total = 0
  for _, thread in ipairs(threads) do made_total = made_total + thread:get("made") end
  local e = summary.errors
  io.write(string.format(
    '{"answered": %d, "made": %d, "seconds": %.3f, "connect": %d, "read": %d, ' ..
    '"write": %d, "status": %d, "timeout": %d, "p50_ms": %.2f, "p99_ms": %.2f, ' ..
    '"max_ms": %.2f}\n',
    summary.requests, made_total, summary.duration / 1e6, e.connect, e.read, e.write,
    e.status, e.timeout, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.max / 1000))
end
