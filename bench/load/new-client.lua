-- Every request from a new client address, as a public API sees its traffic through one trusted proxy
-- hop: X-Forwarded-For walks 10.0.0.0/8, each wrk thread on its own stride so no address repeats.
--
--   wrk -t<T> -s new-client.lua <url> -- <first client number> <T> [header "Name: value"]... [@terms-file]
--
-- A last argument starting with @ names a file of search terms, one per line: each request then asks
-- for `?q=<next term>`, so every search is new to the server. done() prints one JSON line.
local thread_count = 0
local counter = 0
local first = 0
local stride = 1
local offset = 0
local terms = nil
local term_index = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
end

local function read_terms(path)
  local list = {}
  for line in io.lines(path) do table.insert(list, line) end
  return list
end

function init(args)
  first = tonumber(args[1])
  stride = tonumber(args[2])
  for i = 3, #args do
    local arg = args[i]
    if arg:sub(1, 1) == "@" then
      terms = read_terms(arg:sub(2))
    else
      local name, value = arg:match("^([^:]+):%s*(.*)$")
      wrk.headers[name] = value
    end
  end
  offset = thread_index
  term_index = offset
end

local function address(n)
  local n24 = n % 16777216
  return string.format("10.%d.%d.%d", math.floor(n24 / 65536), math.floor(n24 / 256) % 256, n24 % 256)
end

function request()
  local n = first + counter * stride + offset
  counter = counter + 1
  wrk.headers["X-Forwarded-For"] = address(n)
  local path = wrk.path
  if terms then
    term_index = (term_index + stride) % #terms
    path = path .. terms[term_index + 1]
  end
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
