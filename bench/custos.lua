-- wrk script for the scenario group custos of bench/run.sh: every request goes to a store drawn at random, with
-- that store's own token. CUSTO_LOJAS names a file with one line per store: its token, its id, then its products'
-- ids (bench/custos.py preparar). CUSTO_MODO picks the request:
--   pedido   POST /v1/pedidos with three distinct products of the store, one unit each (drawn as
--            bench/sql-puro/pedido.sql draws them, in the same order)
--   lista    GET /v1/pedidos?limite=50
--   produto  GET /v1/produtos/{id} of one of the store's products
-- thread_id is a global on purpose: setup() sets it in each thread's own Lua state.
local proximo_id = 0
local modo = os.getenv("CUSTO_MODO")
local lojas = {}

function setup(thread)
  thread:set("thread_id", proximo_id)
  proximo_id = proximo_id + 1
end

function init(args)
  if modo ~= "pedido" and modo ~= "lista" and modo ~= "produto" then
    error("CUSTO_MODO: use pedido, lista ou produto")
  end
  for linha in io.lines(os.getenv("CUSTO_LOJAS")) do
    local campos = {}
    for campo in linha:gmatch("%S+") do campos[#campos + 1] = campo end
    local produtos = {}
    for i = 3, #campos do produtos[#produtos + 1] = campos[i] end
    lojas[#lojas + 1] = { autorizacao = "Bearer " .. campos[1], produtos = produtos }
  end
  if #lojas == 0 then error("CUSTO_LOJAS sem lojas") end
  math.randomseed(os.time() * 1000 + thread_id)
end

-- Three distinct positions out of n (n >= 3), ascending: a, a + x, a + x + y modulo n with 1 <= x, y <= (n - 1) / 2.
local function tres_posicoes(n)
  local m = math.floor((n - 1) / 2)
  local a, x, y = math.random(0, n - 1), math.random(1, m), math.random(1, m)
  local posicoes = { a, (a + x) % n, (a + x + y) % n }
  table.sort(posicoes)
  return posicoes
end

function request()
  local loja = lojas[math.random(#lojas)]
  local cabecalhos = { ["Authorization"] = loja.autorizacao }
  if modo == "lista" then
    return wrk.format("GET", "/v1/pedidos?limite=50", cabecalhos)
  end
  if modo == "produto" then
    return wrk.format("GET", "/v1/produtos/" .. loja.produtos[math.random(#loja.produtos)], cabecalhos)
  end
  local itens = {}
  for i, p in ipairs(tres_posicoes(#loja.produtos)) do
    itens[i] = string.format('{"produtoId":"%s","quantidade":1}', loja.produtos[p + 1])
  end
  cabecalhos["Content-Type"] = "application/json"
  return wrk.format("POST", "/v1/pedidos", cabecalhos,
    '{"tipoEntrega":"BALCAO","cliente":{"nome":"Bench"},"itens":[' .. table.concat(itens, ",") .. "]}")
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULTADO requisicoes=%d erros_status=%d erros_conexao=%d rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f\n",
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000))
end
