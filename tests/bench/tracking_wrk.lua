-- wrk script of the tracking_endpoints bench: each request takes the next path of the
-- file given after `--` (one per line; each thread starts at its own place), with a mail
-- client's user agent, and counts the requests it made. done() prints one JSON line:
-- requests answered, requests made (answered or in flight when wrk stopped), errors of
-- every kind, and latency percentiles in milliseconds.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("number", #threads)
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  at = (number * 7919) % #paths
  made = 0
  wrk.headers["User-Agent"] =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " ..
    "Chrome/131.0.0.0 Safari/537.36"
end

function request()
  at = at % #paths + 1
  made = made + 1
  return wrk.format("GET", paths[at])
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
