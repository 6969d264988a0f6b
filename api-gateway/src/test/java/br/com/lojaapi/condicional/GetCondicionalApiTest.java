package br.com.lojaapi.condicional;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.ReceptorDeWebhooks;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegundoNo;
import br.com.lojaapi.apoio.TesteDeApi;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;

import java.time.Duration;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditional GETs as a polling client sees them: every GET of /v1 answers with a strong ETag, and the same GET
 * with {@code If-None-Match} is a 304 without a body until something the body shows changes, its own version or
 * data of other read models it embeds (category and group names, the store's URL, invoices and labels).
 */
class GetCondicionalApiTest extends TesteDeApi {

    @RegisterExtension
    static final SegundoNo segundo = SegundoNo.semLimites();

    @Autowired
    private MeterRegistry metricas;

    @Test
    void produtoComAEtagDa304SemCorpoEDepoisDeUmPut200ComOutraEtag() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Café", null);
        String caminho = "/v1/produtos/" + id;

        Resposta lido = get(api, loja, caminho, null);
        assertThat(lido.status()).isEqualTo(200);
        String etag = lido.cabecalho("ETag");
        assertThat(lido.cabecalhos().allValues("ETag")).hasSize(1);
        assertThat(etag).matches("\"[0-9]+-[0-9a-f]{16}\"");
        assertThat(etag).startsWith("\"" + lido.json().get("versao").asLong() + "-");

        Resposta naoMudou = get(api, loja, caminho, etag);
        assertThat(naoMudou.status()).isEqualTo(304);
        assertThat(naoMudou.corpo()).isEmpty();
        assertThat(naoMudou.cabecalho("ETag")).isEqualTo(etag);
        assertThat(get(api, loja, caminho, "W/" + etag).status()).as("If-None-Match compara fraco").isEqualTo(304);
        assertThat(get(api, loja, caminho, "\"outra\", " + etag).status()).isEqualTo(304);
        assertThat(get(api, loja, caminho, "\"outra\"").status()).isEqualTo(200);

        assertThat(api.put(caminho).token(loja.token()).json("{\"preco\":12.5}").enviar().status()).isEqualTo(200);

        Resposta mudou = get(api, loja, caminho, etag);
        assertThat(mudou.status()).isEqualTo(200);
        assertThat(mudou.json().get("preco").decimalValue()).isEqualByComparingTo("12.5");
        assertThat(mudou.cabecalho("ETag")).isNotEqualTo(etag)
                                          .startsWith("\"" + mudou.json().get("versao").asLong() + "-");
        assertThat(get(api, loja, caminho, mudou.cabecalho("ETag")).status()).isEqualTo(304);
    }

    @Test
    void categoriaGrupoClientePedidoEVariacaoRevalidamEMudamComAEscrita() {
        LojaDeTeste loja = novaLoja();
        String categoria = novaCategoria(loja, "Bebidas");
        revalidar(loja, "/v1/categorias/" + categoria, () -> api.put("/v1/categorias/" + categoria)
                .token(loja.token()).json("{\"nome\":\"Sucos\"}").enviar());

        String grupo = grupo(loja, "Adicionais");
        revalidar(loja, "/v1/grupos-complemento/" + grupo, () -> api.put("/v1/grupos-complemento/" + grupo)
                .token(loja.token()).json("{\"nome\":\"Extras\"}").enviar());

        Resposta cliente = api.post("/v1/clientes").token(loja.token())
                              .json("{\"nome\":\"Maria\",\"documento\":\"390.533.447-05\"}").enviar();
        assertThat(cliente.status()).isEqualTo(201);
        revalidar(loja, "/v1/clientes/" + cliente.texto("id"), () -> api.post("/v1/clientes").token(loja.token())
                .json("{\"documento\":\"39053344705\",\"email\":\"maria@example.com\"}").enviar());

        String pedido = pedido(loja, produto(loja, "Pão", null));
        revalidar(loja, "/v1/pedidos/" + pedido, () -> api.metodo("PATCH", "/v1/pedidos/" + pedido)
                .token(loja.token()).json("{\"status\":\"CONFIRMADO\"}").enviar());

        Resposta variacao = api.post("/v1/produtos/" + produto(loja, "Camiseta", null) + "/variacoes")
                               .token(loja.token()).json("{\"nome\":\"Tamanho\",\"valor1\":\"P\"}").enviar();
        assertThat(variacao.status()).as(variacao.toString()).isEqualTo(201);
        String variacaoId = variacao.texto("id");
        revalidar(loja, "/v1/variacoes/" + variacaoId, () -> api.put("/v1/variacoes/" + variacaoId)
                .token(loja.token()).json("{\"valor1\":\"M\"}").enviar());
    }

    @Test
    void listasRevalidamEMudamComAEscrita() {
        LojaDeTeste loja = novaLoja();
        String categoria = novaCategoria(loja, "Bebidas");
        String produto = produto(loja, "Chá", null);
        revalidar(loja, "/v1/categorias", () -> api.put("/v1/categorias/" + categoria).token(loja.token())
                .json("{\"ordem\":7}").enviar());
        revalidar(loja, "/v1/produtos?limite=100", () -> api.put("/v1/produtos/" + produto).token(loja.token())
                .json("{\"preco\":3}").enviar());
        revalidar(loja, "/v1/produtos/" + produto + "/variacoes", () -> api.post("/v1/produtos/" + produto
                + "/variacoes").token(loja.token()).json("{\"nome\":\"Sabor\",\"valor1\":\"Limão\"}").enviar());
        revalidar(loja, "/v1/grupos-complemento", () -> api.post("/v1/grupos-complemento").token(loja.token())
                .json("{\"nome\":\"Molhos\",\"itens\":[{\"nome\":\"Mostarda\",\"preco\":1}]}").enviar());
        revalidar(loja, "/v1/clientes", () -> api.post("/v1/clientes").token(loja.token())
                .json("{\"nome\":\"João\",\"documento\":\"390.533.447-05\"}").enviar());
        String semVariacoes = produto(loja, "Pão", null);
        revalidar(loja, "/v1/pedidos", () -> api.post("/v1/pedidos").token(loja.token())
                .json(corpoDePedido(semVariacoes)).enviar());
        revalidar(loja, "/v1/webhooks", () -> api.post("/v1/webhooks").token(loja.token())
                .json("{\"nome\":\"ERP\",\"url\":\"http://127.0.0.1:9/ganchos\",\"eventos\":[\"pedido.criado\"]}")
                .enviar());
        String pedido = pedido(loja, semVariacoes);
        revalidar(loja, "/v1/pedidos/" + pedido + "/etiquetas", () -> etiqueta(loja, pedido, "BR1"));
        revalidar(loja, "/v1/pedidos/" + pedido + "/notas-fiscais", () -> nota(loja, pedido));
    }

    @Test
    void etagDoProdutoMudaQuandoMudamCategoriaGrupoOuEnderecoDaLoja() {
        LojaDeTeste loja = novaLoja();
        String categoria = novaCategoria(loja, "Bebidas");
        String grupo = grupo(loja, "Adicionais");
        String id = produto(loja, "Suco", "\"categoriaId\":\"" + categoria + "\",\"gruposComplemento\":[\"" + grupo
                + "\"]");
        String caminho = "/v1/produtos/" + id;
        String lista = "/v1/produtos?limite=10";

        Resposta antes = mudaCom(loja, caminho, () -> api.put("/v1/categorias/" + categoria).token(loja.token())
                .json("{\"nome\":\"Sucos naturais\"}").enviar());
        assertThat(antes.json().get("categoria").get("nome").asText()).isEqualTo("Sucos naturais");
        assertThat(antes.json().get("versao").asLong()).as("o produto em si não mudou").isZero();

        Resposta depoisDoGrupo = mudaCom(loja, caminho, () -> api.put("/v1/grupos-complemento/" + grupo)
                .token(loja.token()).json("{\"nome\":\"Extras\"}").enviar());
        assertThat(depoisDoGrupo.json().get("gruposComplemento").get(0).get("nome").asText()).isEqualTo("Extras");

        String etagDaLista = get(api, loja, lista, null).cabecalho("ETag");
        String slug = "loja-" + java.util.UUID.randomUUID().toString().substring(0, 13);
        Resposta depoisDaLoja = mudaCom(loja, caminho, () -> api.put("/admin/lojas/" + loja.id()).token(ADMIN)
                .json("{\"slug\":\"" + slug + "\"}").enviar());
        assertThat(depoisDaLoja.texto("url")).startsWith("https://" + slug + ".");
        assertThat(get(api, loja, lista, etagDaLista).status()).as("a lista mostra a url").isEqualTo(200);

        mudaCom(loja, caminho, () -> api.put("/admin/lojas/" + loja.id()).token(ADMIN)
                .json("{\"dominioProprio\":\"www.sucos-" + slug + ".com.br\"}").enviar());
    }

    @Test
    void etagDoPedidoMudaQuandoUmaNotaOuEtiquetaEntraOuSai() {
        LojaDeTeste loja = novaLoja();
        String pedido = pedido(loja, produto(loja, "Cafeteira", null));
        String caminho = "/v1/pedidos/" + pedido;
        String[] ids = new String[2];

        Resposta comNota = mudaCom(loja, caminho, () -> {
            Resposta nota = nota(loja, pedido);
            ids[0] = nota.texto("id");
            return nota;
        });
        assertThat(comNota.json().get("notasFiscais")).hasSize(1);
        assertThat(comNota.json().get("versao").asLong()).as("o pedido em si não mudou").isZero();
        Resposta comEtiqueta = mudaCom(loja, caminho, () -> {
            Resposta etiqueta = etiqueta(loja, pedido, "BR9");
            ids[1] = etiqueta.texto("id");
            return etiqueta;
        });
        assertThat(comEtiqueta.json().get("etiquetasEnvio")).hasSize(1);

        Resposta semNota = mudaCom(loja, caminho, () -> api.delete(caminho + "/notas-fiscais/" + ids[0])
                .token(loja.token()).enviar());
        assertThat(semNota.json().get("notasFiscais")).isEmpty();
        Resposta semEtiqueta = mudaCom(loja, caminho, () -> api.delete(caminho + "/etiquetas/" + ids[1])
                .token(loja.token()).enviar());
        assertThat(semEtiqueta.json().get("etiquetasEnvio")).isEmpty();

        // The invoice and the label themselves: their own version only.
        XmlsFiscais.Nfe nfe = XmlsFiscais.Nfe.padrao().comNumero(System.nanoTime() % 900_000_000L);
        Resposta nota = api.post(caminho + "/notas-fiscais").token(loja.token()).corpo("application/xml", nfe.xml())
                           .enviar();
        assertThat(nota.status()).as(nota.toString()).isEqualTo(201);
        Resposta cancelada = mudaCom(loja, caminho + "/notas-fiscais/" + nota.texto("id"), () -> api.post(caminho
                + "/notas-fiscais").token(loja.token()).corpo("application/xml", XmlsFiscais.cancelamento(nfe, 135))
                .enviar());
        assertThat(cancelada.cabecalho("ETag")).isEqualTo("\"" + cancelada.json().get("versao").asLong() + "\"");
        Resposta etiqueta = etiqueta(loja, pedido, "BR7");
        assertThat(etiqueta.status()).as(etiqueta.toString()).isEqualTo(201);
        revalidar(loja, caminho + "/etiquetas/" + etiqueta.texto("id"), () -> api.post(caminho + "/etiquetas")
                .token(loja.token()).json("{\"zpl\":\"^XA^FDnova^FS^XZ\",\"codigoRastreio\":\"BR7\"}").enviar());
    }

    /**
     * A page of orders is tagged by the statement that reads it, and revalidated by the version query alone: both
     * must hash the same rows, removed invoices and labels included, or every revalidation reads the page again.
     */
    @Test
    void paginaDePedidosRevalidaComNotasEEtiquetasRemovidas() {
        LojaDeTeste loja = novaLoja();
        String pedido = pedido(loja, produto(loja, "Torradeira", null));
        pedido(loja, produto(loja, "Chaleira", null));
        String lista = "/v1/pedidos?limite=50";
        String[] ids = new String[2];

        mudaCom(loja, lista, () -> {
            Resposta nota = nota(loja, pedido);
            ids[0] = nota.texto("id");
            return nota;
        });
        mudaCom(loja, lista, () -> {
            Resposta etiqueta = etiqueta(loja, pedido, "BR5");
            ids[1] = etiqueta.texto("id");
            return etiqueta;
        });
        mudaCom(loja, lista, () -> api.delete("/v1/pedidos/" + pedido + "/notas-fiscais/" + ids[0])
                                      .token(loja.token()).enviar());
        Resposta semNenhuma = mudaCom(loja, lista, () -> api.delete("/v1/pedidos/" + pedido + "/etiquetas/" + ids[1])
                                                            .token(loja.token()).enviar());

        assertThat(semNenhuma.json().get("pedidos")).hasSize(2)
                                                   .allSatisfy(p -> assertThat(p.get("notasFiscais")).isEmpty());
        long paginasLidas = consultas("ListarPedidosQuery");
        assertThat(get(api, loja, lista, semNenhuma.cabecalho("ETag")).status()).isEqualTo(304);
        assertThat(consultas("ListarPedidosQuery")).as("304 pela consulta de versões, sem ler a página")
                                                   .isEqualTo(paginasLidas);
        assertThat(get(api, loja, lista + "&page=2", null).json().get("pedidos")).isEmpty();
    }

    @Test
    void etagDosWebhooksMudaComAUltimaEntregaSemNovaVersao() throws Exception {
        LojaDeTeste loja = novaLoja();
        try (ReceptorDeWebhooks receptor = new ReceptorDeWebhooks()) {
            Resposta webhook = api.post("/v1/webhooks").token(loja.token()).json("{\"nome\":\"ERP\",\"url\":\""
                    + receptor.url("/ganchos") + "\",\"eventos\":[\"cliente.criado\"]}").enviar();
            assertThat(webhook.status()).as(webhook.toString()).isEqualTo(201);
            Resposta antes = get(api, loja, "/v1/webhooks", null);
            assertThat(antes.json().get(0).get("ultimaEntrega").isNull()).isTrue();
            String etag = antes.cabecalho("ETag");

            assertThat(api.post("/v1/clientes").token(loja.token()).json("{\"nome\":\"Rui\",\"documento\":"
                    + "\"390.533.447-05\"}").enviar().status()).isEqualTo(201);
            receptor.aguardar("/ganchos", 1, Duration.ofSeconds(30));

            long limite = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            Resposta depois = get(api, loja, "/v1/webhooks", etag);
            while (depois.status() == 304 && System.nanoTime() < limite) {
                Thread.sleep(100);
                depois = get(api, loja, "/v1/webhooks", etag);
            }
            assertThat(depois.status()).isEqualTo(200);
            assertThat(depois.json().get(0).get("ultimaEntrega").isNull()).isFalse();
            assertThat(depois.json().get(0).get("versao")).isEqualTo(antes.json().get(0).get("versao"));
            assertThat(get(api, loja, "/v1/webhooks", depois.cabecalho("ETag")).status()).isEqualTo(304);
        }
    }

    @Test
    void etagDaListaMudaComUmaLinhaDaPaginaComOTotalEComOsParametros() {
        LojaDeTeste loja = novaLoja();
        String primeiro = produto(loja, "A primeiro", null);
        String pagina = "/v1/produtos?limite=1";
        Resposta lida = get(api, loja, pagina, null);
        String etag = lida.cabecalho("ETag");
        assertThat(etag).matches("\"l-[0-9a-f]{16}\"");
        assertThat(get(api, loja, pagina, etag).status()).isEqualTo(304);

        produto(loja, "Z depois", null);   // a new product on page 2: page 1 shows the new total
        Resposta comTotal = get(api, loja, pagina, etag);
        assertThat(comTotal.status()).isEqualTo(200);
        assertThat(comTotal.json().get("produtos").get(0).get("id").asText()).isEqualTo(primeiro);
        assertThat(comTotal.json().get("paginacao").get("total").asLong()).isEqualTo(2);
        String etagComTotal = comTotal.cabecalho("ETag");
        assertThat(etagComTotal).isNotEqualTo(etag);

        assertThat(api.put("/v1/produtos/" + primeiro).token(loja.token()).json("{\"destaque\":true}").enviar()
                      .status()).isEqualTo(200);
        Resposta comLinha = get(api, loja, pagina, etagComTotal);
        assertThat(comLinha.status()).isEqualTo(200);
        assertThat(comLinha.cabecalho("ETag")).isNotEqualTo(etagComTotal);

        String atual = comLinha.cabecalho("ETag");
        assertThat(java.util.stream.Stream.of("/v1/produtos?limite=1&page=2", "/v1/produtos?limite=2",
                        "/v1/produtos?limite=1&busca=A", "/v1/produtos?limite=1&apenasDisponiveis=true")
                .map(c -> get(api, loja, c, atual)).toList())
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(200))
                .extracting(r -> r.cabecalho("ETag")).doesNotHaveDuplicates().doesNotContain(atual);
    }

    @Test
    void um304NaoMontaOCorpo() {
        LojaDeTeste loja = novaLoja();
        String id = produto(loja, "Leite", null);
        String lista = "/v1/produtos?limite=100";
        String etagDaLista = get(api, loja, lista, null).cabecalho("ETag");
        String etag = get(api, loja, "/v1/produtos/" + id, null).cabecalho("ETag");
        long listagens = consultas("ListarProdutosQuery");
        long leituras = consultas("LerProdutoQuery");
        long lojas = consultas("BuscarLojaQuery");
        long carimbos = consultas("CarimboDeProdutosQuery") + consultas("CarimboQuery");

        for (int i = 0; i < 10; i++) {
            assertThat(get(api, loja, lista, etagDaLista).status()).isEqualTo(304);
            assertThat(get(api, loja, "/v1/produtos/" + id, etag).status()).isEqualTo(304);
        }

        // A page's 304 reads versions only; a product's tag comes from its one body statement, nothing else.
        assertThat(consultas("CarimboDeProdutosQuery") + consultas("CarimboQuery")).isEqualTo(carimbos + 10);
        assertThat(consultas("ListarProdutosQuery")).isEqualTo(listagens);
        assertThat(consultas("LerProdutoQuery")).isEqualTo(leituras + 10);
        assertThat(consultas("BuscarLojaQuery")).as("nem a url da vitrine").isEqualTo(lojas);

        assertThat(get(api, loja, lista, null).status()).isEqualTo(200);
        assertThat(consultas("ListarProdutosQuery")).as("um 200 monta").isEqualTo(listagens + 1);
    }

    @Test
    void etagDeUmNoDa304NoOutroEIdDeOutraLojaSegue404() {
        LojaDeTeste loja = novaLoja();
        LojaDeTeste outra = novaLoja();
        ClienteHttp noB = segundo.cliente();
        String id = produto(loja, "Arroz", null);
        String pedido = pedido(loja, id);
        for (String caminho : new String[]{"/v1/produtos/" + id, "/v1/produtos?limite=100", "/v1/pedidos/" + pedido,
                "/v1/pedidos?limite=100", "/v1/categorias"}) {
            Resposta noA = get(api, loja, caminho, null);
            assertThat(noA.status()).isEqualTo(200);
            Resposta noOutro = get(noB, loja, caminho, noA.cabecalho("ETag"));
            assertThat(noOutro.status()).as(caminho).isEqualTo(304);
            assertThat(noOutro.cabecalho("ETag")).isEqualTo(noA.cabecalho("ETag"));
        }

        String etag = get(api, loja, "/v1/produtos/" + id, null).cabecalho("ETag");
        for (ClienteHttp no : new ClienteHttp[]{api, noB}) {
            for (String caminho : new String[]{"/v1/produtos/" + id, "/v1/pedidos/" + pedido,
                    "/v1/pedidos/" + pedido + "/notas-fiscais", "/v1/produtos/" + id + "/variacoes"}) {
                Resposta alheio = get(no, outra, caminho, etag);
                assertThat(alheio.status()).as(caminho).isEqualTo(404);
                assertThat(alheio.cabecalho("ETag")).isNull();
                assertThat(alheio.json().get("erro").asText()).isNotBlank();
            }
        }
        assertThat(get(api, loja, "/v1/produtos/nao-e-um-id", "*").status()).isEqualTo(404);
    }

    private long consultas(String tipo) {
        return (long) metricas.find("loja.axon.consultas").tag("tipo", tipo).timers().stream()
                              .mapToLong(Timer::count).sum();
    }

    /** GET with the ETag gives 304; after {@code escrita}, 200 with a new ETag, which then gives 304. */
    private void revalidar(LojaDeTeste loja, String caminho, Supplier<Resposta> escrita) {
        Resposta depois = mudaCom(loja, caminho, escrita);
        assertThat(get(api, loja, caminho, depois.cabecalho("ETag")).status()).as(caminho).isEqualTo(304);
    }

    /** The 200 that follows {@code escrita}, asserting that the ETag held before it stopped matching. */
    private Resposta mudaCom(LojaDeTeste loja, String caminho, Supplier<Resposta> escrita) {
        Resposta antes = get(api, loja, caminho, null);
        assertThat(antes.status()).as("%s: %s", caminho, antes).isEqualTo(200);
        String etag = antes.cabecalho("ETag");
        assertThat(etag).as(caminho).isNotNull();
        Resposta naoMudou = get(api, loja, caminho, etag);
        assertThat(naoMudou.status()).as(caminho).isEqualTo(304);
        assertThat(naoMudou.corpo()).isEmpty();

        Resposta escrito = escrita.get();
        assertThat(escrito.status()).as("%s: %s", caminho, escrito).isBetween(200, 201);

        Resposta depois = get(api, loja, caminho, etag);
        assertThat(depois.status()).as(caminho).isEqualTo(200);
        assertThat(depois.cabecalho("ETag")).as(caminho).isNotEqualTo(etag);
        assertThat(depois.corpo()).isNotEqualTo(antes.corpo());
        if (depois.json().has("versao")) {
            assertThat(depois.cabecalho("ETag")).startsWith("\"" + depois.json().get("versao").asLong());
        }
        return depois;
    }

    private static Resposta get(ClienteHttp cliente, LojaDeTeste loja, String caminho, String ifNoneMatch) {
        ClienteHttp.Requisicao requisicao = cliente.get(caminho).token(loja.token());
        if (ifNoneMatch != null) {
            requisicao.cabecalho("If-None-Match", ifNoneMatch);
        }
        return requisicao.enviar();
    }

    private String produto(LojaDeTeste loja, String nome, String extra) {
        Resposta criado = api.post("/v1/produtos").token(loja.token()).json("{\"nome\":\"" + nome + "\",\"preco\":10"
                + (extra == null ? "" : "," + extra) + "}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private String grupo(LojaDeTeste loja, String nome) {
        Resposta criado = api.post("/v1/grupos-complemento").token(loja.token())
                             .json("{\"nome\":\"" + nome + "\",\"itens\":[{\"nome\":\"Bacon\",\"preco\":3.5}]}").enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private static String corpoDePedido(String produto) {
        return "{\"tipoEntrega\":\"BALCAO\",\"cliente\":{\"nome\":\"Bia\"},\"itens\":[{\"produtoId\":\"" + produto
                + "\",\"quantidade\":1}]}";
    }

    private String pedido(LojaDeTeste loja, String produto) {
        Resposta criado = api.post("/v1/pedidos").token(loja.token()).json(corpoDePedido(produto)).enviar();
        assertThat(criado.status()).as(criado.toString()).isEqualTo(201);
        return criado.texto("id");
    }

    private Resposta nota(LojaDeTeste loja, String pedido) {
        XmlsFiscais.Nfe nota = XmlsFiscais.Nfe.padrao().comNumero(System.nanoTime() % 900_000_000L);
        return api.post("/v1/pedidos/" + pedido + "/notas-fiscais").token(loja.token())
                  .corpo("application/xml", nota.xml()).enviar();
    }

    private Resposta etiqueta(LojaDeTeste loja, String pedido, String rastreio) {
        return api.post("/v1/pedidos/" + pedido + "/etiquetas").token(loja.token())
                  .json("{\"zpl\":\"^XA^FDteste^FS^XZ\",\"codigoRastreio\":\"" + rastreio + "\"}").enviar();
    }
}
