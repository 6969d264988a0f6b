package br.com.lojaapi.sincronia;

import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SincroniaDePedidosEClientesApiTest extends TesteDeApi {

    private static final Duration PRAZO = Duration.ofSeconds(30);

    @Test
    void pedidosSincronizamEOsExcluidosVemComoRemovidos() throws Exception {
        LojaDeTeste loja = novaLoja();
        String cafe = produto(loja, "Café");
        String fica = pedido(loja, cafe);
        String sai = pedido(loja, cafe);
        assertThat(patch(loja, fica, "{\"status\":\"CONFIRMADO\"}").status()).isEqualTo(200);
        assertThat(patch(loja, sai, "{\"status\":\"CANCELADO\",\"motivoCancelamento\":\"teste\"}").status()).isEqualTo(200);
        assertThat(api.delete("/v1/pedidos/" + sai).token(loja.token()).enviar().status()).isEqualTo(200);
        long versao = api.get("/v1/pedidos/" + fica).token(loja.token()).enviar().json().get("versao").asLong();

        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/pedidos", "pedidos", 1);
        leitor.ate(l -> l.viu(fica, versao) && l.vistos.stream().anyMatch(v -> v.id().equals(sai) && v.removido()),
                PRAZO);

        leitor.semRepeticaoEEmOrdem();
        JsonNode excluido = leitor.vistos.stream().filter(v -> v.id().equals(sai) && v.removido()).findFirst()
                                         .orElseThrow().item();
        assertThat(excluido.get("numero").asLong()).isEqualTo(2);
        assertThat(excluido.get("removidoEm").asText()).isEqualTo(excluido.get("atualizadoEm").asText());
        JsonNode confirmado = leitor.vistos.stream().filter(v -> v.id().equals(fica) && v.versao() == versao)
                                           .findFirst().orElseThrow().item();
        assertThat(confirmado.get("status").asText()).isEqualTo("CONFIRMADO");
        assertThat(confirmado.get("removido").asBoolean()).isFalse();
        // the plain list is as it was: no tombstones, no sync fields
        JsonNode lista = api.get("/v1/pedidos").token(loja.token()).enviar().json();
        assertThat(lista.get("pedidos")).hasSize(1);
        assertThat(lista.get("pedidos").get(0).has("removido")).isFalse();
        assertThat(lista.has("cursor")).isFalse();
    }

    @Test
    void clientesSincronizamNaOrdemDeAtualizacao() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<String> ids = new ArrayList<>();
        List<String> nomes = List.of("Ana", "Bia", "Caio");
        for (int i = 0; i < nomes.size(); i++) {
            ids.add(cliente(loja, "{\"nome\":\"" + nomes.get(i) + "\",\"documento\":\"" + cpf(i) + "\"}"));
        }
        assertThat(cliente(loja, "{\"nome\":\"Ana Maria\",\"documento\":\"" + cpf(0) + "\"}")).isEqualTo(ids.get(0));

        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/clientes", "clientes", 2);
        leitor.ate(l -> l.viu(ids.get(0), 1) && l.viu(ids.get(2), 0), PRAZO);

        leitor.semRepeticaoEEmOrdem();
        assertThat(leitor.ultimas()).isEqualTo(Map.of(ids.get(0), 1L, ids.get(1), 0L, ids.get(2), 0L));
        assertThat(leitor.vistos.get(leitor.vistos.size() - 1).id()).as("a última alteração vem por último")
                                                                     .isEqualTo(ids.get(0));
        assertThat(leitor.vistos.get(leitor.vistos.size() - 1).item().get("nome").asText()).isEqualTo("Ana Maria");
    }

    @Test
    void parametrosInvalidosOuMisturadosComAListaDao400() {
        LojaDeTeste loja = novaLoja();
        String cursorDeProdutos = api.get("/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z").token(loja.token())
                                     .enviar().texto("cursor");
        for (String consulta : List.of(
                "/v1/produtos?atualizadoDesde=ontem",
                "/v1/produtos?atualizadoDesde=",
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00",
                "/v1/produtos?cursor=lixo",
                "/v1/produtos?cursor=",
                "/v1/pedidos?cursor=" + cursorDeProdutos,
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z&limite=0",
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z&limite=101",
                "/v1/clientes?atualizadoDesde=2026-01-01T00:00:00Z&limite=muitos",
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z&page=2",
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z&busca=cafe",
                "/v1/produtos?cursor=" + cursorDeProdutos + "&categoriaId=x",
                "/v1/produtos?atualizadoDesde=2026-01-01T00:00:00Z&cursor=" + cursorDeProdutos,
                "/v1/pedidos?atualizadoDesde=2026-01-01T00:00:00Z&status=PENDENTE",
                "/v1/pedidos?atualizadoDesde=2026-01-01T00:00:00Z&desde=2026-01-01T00:00:00Z",
                "/v1/clientes?atualizadoDesde=2026-01-01T00:00:00Z&busca=ana",
                "/v1/clientes?cursor=" + cursorDeProdutos,
                // well-formed cursors whose id is not one of ours (a NUL byte would reach PostgreSQL as a 500)
                "/v1/produtos?cursor=" + base64Url("p1:0:a\u0000b"),
                "/v1/produtos?cursor=" + base64Url("p1:0:x' OR '1'='1"),
                "/v1/produtos?cursor=" + base64Url("p1:99999999999999999999:"),
                "/v1/produtos?cursor=" + base64Url("p2:"),
                "/v1/produtos?cursor=" + base64Url("p2:x"),
                "/v1/produtos?cursor=" + base64Url("p2:-2"),
                "/v1/produtos?cursor=" + base64Url("p2:+7"),
                "/v1/produtos?cursor=" + base64Url("p2:99999999999999999999"),
                "/v1/pedidos?cursor=" + base64Url("p2:7"))) {
            Resposta resposta = api.get(consulta).token(loja.token()).enviar();
            assertThat(resposta.status()).as(consulta + " -> " + resposta).isEqualTo(400);
            assertThat(resposta.texto("erro")).as(consulta).isNotBlank();
            assertThat(resposta.json().size()).as(consulta).isEqualTo(1);
        }
        // without them, the lists answer as before
        for (String lista : List.of("produtos", "pedidos", "clientes")) {
            JsonNode corpo = api.get("/v1/" + lista + "?page=1&limite=10").token(loja.token()).enviar().json();
            assertThat(corpo.fieldNames()).toIterable().containsExactly(lista, "paginacao");
        }
    }

    @Test
    void outraLojaNuncaAparece() throws Exception {
        LojaDeTeste minha = novaLoja();
        LojaDeTeste outra = novaLoja();
        String meu = produto(minha, "Meu");
        String dela = produto(outra, "Dela");
        cliente(outra, "{\"nome\":\"Dela\",\"documento\":\"" + cpf(7) + "\"}");

        Sincronizador leitor = new Sincronizador(api, minha.token(), "/v1/produtos", "produtos", 5);
        leitor.ate(l -> l.viu(meu, 0), PRAZO);
        Sincronizador delas = new Sincronizador(api, outra.token(), "/v1/produtos", "produtos", 5);
        delas.ate(l -> l.viu(dela, 0), PRAZO);
        assertThat(leitor.ultimas().keySet()).containsExactly(meu);
        assertThat(delas.ultimas().keySet()).containsExactly(dela);
        Sincronizador clientes = new Sincronizador(api, minha.token(), "/v1/clientes", "clientes", 5);
        clientes.lerTudo();
        assertThat(clientes.vistos).isEmpty();
        // a cursor names a position, not a store: another store's token reads its own rows from there
        Resposta comCursorAlheio = api.get("/v1/produtos?cursor=" + leitor.cursor()).token(outra.token()).enviar();
        assertThat(comCursorAlheio.status()).isEqualTo(200);
        assertThat(comCursorAlheio.corpo()).doesNotContain(meu);
    }

    @Test
    void cursorDeUmNoContinuaNoOutro() throws Exception {
        LojaDeTeste loja = novaLoja();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(produto(loja, "Produto " + i));
        }
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 2);
        leitor.ate(l -> l.viu(ids.get(4), 0), PRAZO);
        try (OutroNo no = OutroNo.iniciar(Map.of())) {
            leitor.usar(no.cliente());
            String mudado = ids.get(1);
            Resposta alterado = no.cliente().put("/v1/produtos/" + mudado).token(loja.token())
                                  .json("{\"preco\":9}").enviar();
            assertThat(alterado.status()).as(alterado.toString()).isEqualTo(200);
            leitor.ate(l -> l.viu(mudado, 1), PRAZO);
        }
        leitor.semRepeticaoEEmOrdem();
        assertThat(leitor.vistos).hasSize(6);
        assertThat(leitor.vistos.get(5).id()).isEqualTo(ids.get(1));
    }

    @Test
    void cursorDaVersaoAnteriorContinuaDaPrimeiraAlteracaoDepoisDele() throws Exception {
        LojaDeTeste loja = novaLoja();
        String a = produto(loja, "A");
        String b = produto(loja, "B");
        String c = produto(loja, "C");
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 10);
        leitor.ate(l -> l.viu(a, 0) && l.viu(b, 0) && l.viu(c, 0), PRAZO);
        // a poller that had read up to B when sync still ordered by (atualizadoEm, id)
        Instant deB = Instant.parse(api.get("/v1/produtos/" + b).token(loja.token()).enviar().texto("atualizadoEm"));
        String antigo = base64Url("p1:" + ChronoUnit.MICROS.between(Instant.EPOCH, deB) + ":" + b);

        Resposta pagina = api.get("/v1/produtos?cursor=" + antigo).token(loja.token()).enviar();
        assertThat(pagina.status()).as(pagina.toString()).isEqualTo(200);
        assertThat(pagina.json().get("produtos")).extracting(p -> p.get("id").asText()).containsExactly(c);
        Resposta seguinte = api.get("/v1/produtos?cursor=" + pagina.texto("cursor")).token(loja.token()).enviar();
        assertThat(seguinte.json().get("produtos")).isEmpty();
        assertThat(seguinte.json().get("temMais").asBoolean()).isFalse();
    }

    @Test
    void mesmaPaginaComIfNoneMatchDa304EDepoisDeUmaMudanca200() throws Exception {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café");
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 10);
        leitor.ate(l -> l.viu(id, 0), PRAZO);
        String consulta = "/v1/produtos?atualizadoDesde=" + Sincronizador.INICIO;
        Resposta primeira = api.get(consulta).token(loja.token()).enviar();
        String etag = primeira.cabecalho("ETag");
        assertThat(etag).startsWith("\"s-");

        Resposta revalidada = api.get(consulta).token(loja.token()).cabecalho("If-None-Match", etag).enviar();
        assertThat(revalidada.status()).isEqualTo(304);
        assertThat(revalidada.corpo()).isEmpty();
        assertThat(revalidada.cabecalho("ETag")).isEqualTo(etag);

        assertThat(api.put("/v1/produtos/" + id).token(loja.token()).json("{\"preco\":2}").enviar().status())
                .isEqualTo(200);
        leitor.ate(l -> l.viu(id, 1), PRAZO);
        Resposta mudada = api.get(consulta).token(loja.token()).cabecalho("If-None-Match", etag).enviar();
        assertThat(mudada.status()).isEqualTo(200);
        assertThat(mudada.cabecalho("ETag")).isNotEqualTo(etag);
        assertThat(mudada.json().get("produtos").get(0).get("versao").asLong()).isEqualTo(1);
    }

    @Test
    void paginaComIfNoneMatchMudaQuandoACategoriaDoProdutoERenomeada() throws Exception {
        LojaDeTeste loja = novaLoja();
        Resposta categoria = api.post("/v1/categorias").token(loja.token()).json("{\"nome\":\"Bebidas\"}").enviar();
        assertThat(categoria.status()).as(categoria.toString()).isEqualTo(201);
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"Suco\",\"preco\":5,"
                + "\"categoriaId\":\"" + categoria.texto("id") + "\"}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        Sincronizador leitor = new Sincronizador(api, loja.token(), "/v1/produtos", "produtos", 10);
        leitor.ate(l -> l.viu(criado.texto("id"), 0), PRAZO);
        String consulta = "/v1/produtos?atualizadoDesde=" + Sincronizador.INICIO;
        String etag = api.get(consulta).token(loja.token()).enviar().cabecalho("ETag");

        // the product's row does not move (its versao and atualizadoEm stay), but its body shows the new name
        assertThat(api.put("/v1/categorias/" + categoria.texto("id")).token(loja.token())
                      .json("{\"nome\":\"Refrigerantes\"}").enviar().status()).isEqualTo(200);
        Resposta depois = api.get(consulta).token(loja.token()).cabecalho("If-None-Match", etag).enviar();
        assertThat(depois.status()).as("um 304 guardaria o nome antigo").isEqualTo(200);
        assertThat(depois.cabecalho("ETag")).isNotEqualTo(etag);
        assertThat(depois.json().at("/produtos/0/categoria/nome").asText()).isEqualTo("Refrigerantes");
        assertThat(depois.json().at("/produtos/0/versao").asLong()).isZero();
    }

    private static String base64Url(String texto) {
        return java.util.Base64.getUrlEncoder().withoutPadding()
                               .encodeToString(texto.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private String produto(LojaDeTeste loja, String nome) {
        Resposta criado = api.post("/v1/produtos").token(loja.token())
                             .json("{\"nome\":\"" + nome + "\",\"preco\":10}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private String pedido(LojaDeTeste loja, String produtoId) {
        Resposta criado = api.post("/v1/pedidos").token(loja.token()).json("{\"tipoEntrega\":\"BALCAO\","
                + "\"cliente\":{\"nome\":\"Ana\"},\"itens\":[{\"produtoId\":\"" + produtoId + "\",\"quantidade\":1}]}")
                             .enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private Resposta patch(LojaDeTeste loja, String pedidoId, String json) {
        return api.metodo("PATCH", "/v1/pedidos/" + pedidoId).token(loja.token()).json(json).enviar();
    }

    /** A valid CPF, one per seed. */
    static String cpf(int semente) {
        int[] d = new int[11];
        for (int i = 0; i < 9; i++) {
            d[i] = (semente * 7 + i * 3 + 1) % 10;
        }
        for (int k = 9; k <= 10; k++) {
            int soma = 0;
            for (int i = 0; i < k; i++) {
                soma += d[i] * (k + 1 - i);
            }
            int resto = soma % 11;
            d[k] = resto < 2 ? 0 : 11 - resto;
        }
        StringBuilder texto = new StringBuilder();
        for (int digito : d) {
            texto.append(digito);
        }
        return texto.toString();
    }

    private String cliente(LojaDeTeste loja, String json) {
        Resposta gravado = api.post("/v1/clientes").token(loja.token()).json(json).enviar();
        assertThat(gravado.status()).as(gravado.toString()).isIn(200, 201);
        return gravado.texto("id");
    }
}
