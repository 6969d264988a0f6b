-- wrk script for the API. BENCH_METODO=POST creates a resource whose name no other request uses (thread id +
-- counter), so every request is a real create: a category, or a product when BENCH_CORPO_PRODUTO is set (its
-- value is the categoriaId to use), or a customer with a CPF of its own when BENCH_CORPO_CLIENTE is set, or
-- BENCH_CORPO as it is (an order: each POST is a new order). Otherwise it GETs the URL given to wrk.
-- BENCH_IF_NONE_MATCH, when set, goes in an If-None-Match header (a poller revalidating what it holds: 304).
-- thread_id is a global on purpose: setup() sets it in each thread's own Lua state.
local contador = 0
local proximo_id = 0
local metodo = os.getenv("BENCH_METODO") or "GET"

function setup(thread)
  thread:set("thread_id", proximo_id)
  proximo_id = proximo_id + 1
end

function init(args)
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
  prefixo = os.getenv("BENCH_PREFIXO") or "b"
  local etag = os.getenv("BENCH_IF_NONE_MATCH")
  if etag and etag ~= "" then
    wrk.headers["If-None-Match"] = etag
  end
  if metodo == "POST" then
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
end

-- A valid CPF unique per thread and counter: 9 base digits (thread id, then the counter) and its 2 check digits.
local function cpf(thread, n)
  local base = string.format("%02d%07d", thread, n)
  local digitos = {}
  for i = 1, 9 do digitos[i] = tonumber(base:sub(i, i)) end
  for tamanho = 9, 10 do
    local soma = 0
    for i = 1, tamanho do soma = soma + digitos[i] * (tamanho + 2 - i) end
    local resto = soma % 11
    digitos[tamanho + 1] = resto < 2 and 0 or 11 - resto
  end
  return table.concat(digitos)
end

function request()
  if metodo ~= "POST" then
    return wrk.request()
  end
  contador = contador + 1
  local corpo = os.getenv("BENCH_CORPO")
  if corpo and corpo ~= "" then
    return wrk.format(nil, nil, nil, corpo)
  end
  if (os.getenv("BENCH_CORPO_CLIENTE") or "") ~= "" then
    return wrk.format(nil, nil, nil, string.format('{"nome":"%s-%d-%d","documento":"%s"}',
      prefixo, thread_id, contador, cpf(thread_id, contador)))
  end
  local categoria = os.getenv("BENCH_CORPO_PRODUTO")
  if categoria and categoria ~= "" then
    return wrk.format(nil, nil, nil, string.format(
      '{"nome":"%s-%d-%d","preco":19.9,"sku":"SKU-%d-%d","categoriaId":"%s"}',
      prefixo, thread_id, contador, thread_id, contador, categoria))
  end
  return wrk.format(nil, nil, nil, string.format('{"nome":"%s-%d-%d"}', prefixo, thread_id, contador))
end

function done(summary, latency, requests)
  io.write(string.format("RESULTADO requisicoes=%d erros_status=%d rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f\n",
    summary.requests, summary.errors.status, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000))
end
