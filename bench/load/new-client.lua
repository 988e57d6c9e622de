-- Every request from a new client address, as a public API sees its traffic through one trusted proxy
-- hop: X-Forwarded-For walks 10.0.0.0/8, each wrk thread on its own stride so no address repeats.
--
--   wrk -t<T> -s new-client.lua <url> -- <first client number> <T> [header "Name: value"]... [@terms-file [first term]]
--
-- An argument starting with @ names a file of query strings, one per line, each appended to the url in
-- turn, so every query is new to the server; a number after it is the first line to send (from 0), so
-- a later run sends lines no earlier one did. done() prints one JSON line, with `termsEnd`: the line
-- after the last one any thread took (an earlier run's end is the next run's first term).
local threads = {}
local thread_count = 0
local counter = 0
local first = 0
local stride = 1
local offset = 0
local terms = nil
local first_term = 0
-- Global, so done() can read each thread's with thread:get.
term_index = 0

function setup(thread)
  thread:set("thread_index", thread_count)
  thread_count = thread_count + 1
  table.insert(threads, thread)
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
    elseif terms and arg:match("^%d+$") then
      first_term = tonumber(arg)
    else
      local name, value = arg:match("^([^:]+):%s*(.*)$")
      wrk.headers[name] = value
    end
  end
  offset = thread_index
  term_index = first_term + offset
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
    path = path .. terms[term_index % #terms + 1]
    term_index = term_index + stride
  end
  return wrk.format(nil, path)
end

function done(summary, latency, requests)
  local e = summary.errors
  local terms_end = 0
  for _, thread in ipairs(threads) do
    terms_end = math.max(terms_end, thread:get("term_index"))
  end
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"statusErrors":%d,"timeouts":%d,"termsEnd":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout, terms_end))
end
