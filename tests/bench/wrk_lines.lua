-- wrk script of the benches that drive wrk (tracking_endpoints, form_submit; the runner is
-- wrk_lines.py): each request takes the next line of the file given after `--`, read as
-- a path (GET) or as an urlencoded body posted to wrk's URL (POST), with a browser's user
-- agent. Thread k of n takes lines k, k + n, ..., so a line is used twice only when a
-- thread runs out of its share (a form's body is then refused: an error). done() prints
-- one JSON line: requests answered, requests made (answered or in flight when wrk
-- stopped), errors of every kind, and latency percentiles in milliseconds.
-- Arguments after `--`: the file, the method, the number of threads.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("number", #threads)
end

function init(args)
  lines = {}
  local n, count = 0, tonumber(args[3])
  for line in io.lines(args[1]) do
    n = n + 1
    if #line > 0 and n % count == number - 1 then lines[#lines + 1] = line end
  end
  method = args[2]
  at = 0
  made = 0
  wrk.method = method
  wrk.headers["User-Agent"] =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " ..
    "Chrome/131.0.0.0 Safari/537.36"
  if method == "POST" then
    wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
  end
end

function request()
  at = at % #lines + 1
  made = made + 1
  if method == "POST" then return wrk.format(nil, nil, nil, lines[at]) end
  return wrk.format(nil, lines[at])
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
