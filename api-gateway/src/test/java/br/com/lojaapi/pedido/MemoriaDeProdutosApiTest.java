package br.com.lojaapi.pedido;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.command.armazenamento.MemoriaDeAgregados;
import br.com.lojaapi.coreapi.produto.MovimentarEstoqueCommand;
import br.com.lojaapi.coreapi.produto.TipoMovimento;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each node keeps the products it last committed in memory between orders. What a client must never notice: a
 * decision taken on a product as this node last saw it, when another node has changed it since, or on what a refused
 * order had taken from a product before it was refused.
 */
class MemoriaDeProdutosApiTest extends TesteDePedidos {

    @Autowired
    CommandGateway comandos;

    @Autowired
    PlatformTransactionManager transacoes;

    @Autowired
    MemoriaDeAgregados memoria;

    /**
     * Axon's unit of work commits inside the database transaction, before it: a product must not go back to memory
     * then, or a transaction that fails afterwards would leave memory ahead of the database.
     */
    @Test
    void transacaoDesfeitaDepoisDoComandoNaoDeixaNadaNaMemoria() {
        String produto = produtoComEstoque(loja, "Café", "10", "10");
        assertThat(pedidoBalcao(loja, "[" + item(produto, "1") + "]").status()).isEqualTo(201);
        assertThat(memoria.versao(produto)).as("the order left the product in this node's memory").isNotNull();

        new TransactionTemplate(transacoes).executeWithoutResult(status -> {
            comandos.sendAndWait(new MovimentarEstoqueCommand(produto, loja.id(), UUID.randomUUID().toString(), null,
                    TipoMovimento.SAIDA, new BigDecimal("5"), null, Instant.now()));
            status.setRollbackOnly();
        });

        assertThat(memoria.versao(produto)).as("taken by the command, not given back after the rollback").isNull();
        Resposta tudo = pedidoBalcao(loja, "[" + item(produto, "9") + "]");
        assertThat(tudo.status()).as("the 5 units of the undone movement are still there: " + tudo).isEqualTo(201);
        assertThat(estoque(loja, produto)).isEqualByComparingTo("0");
    }

    @Test
    void oQueOutroNoGravouValeNoPedidoSeguinteDesteNo() {
        String produto = produtoComEstoque(loja, "Café", "10", "3");
        assertThat(pedidoBalcao(loja, "[" + item(produto, "3") + "]").status()).isEqualTo(201);
        try (OutroNo no = OutroNo.semLimites()) {
            ClienteHttp segundo = no.cliente();
            Resposta entrada = segundo.post("/v1/estoque").token(loja.token())
                                      .json("{\"produtoId\":\"" + produto + "\",\"tipo\":\"ENTRADA\",\"quantidade\":5}")
                                      .enviar();
            assertThat(entrada.status()).as(entrada.toString()).isEqualTo(200);
            // this node last saw no stock left: it must sell what the other node brought in, at its new price
            Resposta preco = segundo.put("/v1/produtos/" + produto).token(loja.token()).json("{\"preco\":12}").enviar();
            assertThat(preco.status()).as(preco.toString()).isEqualTo(200);

            Resposta vendido = pedidoBalcao(loja, "[" + item(produto, "2") + "]");
            assertThat(vendido.status()).as(vendido.toString()).isEqualTo(201);
            assertThat(vendido.json().get("itens").get(0).get("precoUnit").decimalValue()).isEqualByComparingTo("12");

            Resposta ajuste = segundo.post("/v1/estoque").token(loja.token())
                                     .json("{\"produtoId\":\"" + produto + "\",\"tipo\":\"AJUSTE\",\"quantidade\":1}")
                                     .enviar();
            assertThat(ajuste.status()).as(ajuste.toString()).isEqualTo(200);
            Resposta alem = pedidoBalcao(loja, "[" + item(produto, "2") + "]");
            assertThat(alem.status()).as(alem.toString()).isEqualTo(400);
            assertThat(alem.texto("erro")).contains("estoque insuficiente");
            assertThat(pedidoBalcao(loja, "[" + item(produto, "1") + "]").status()).isEqualTo(201);
        }
        assertThat(estoque(loja, produto)).isEqualByComparingTo("0");
    }

    @Test
    void pedidoRecusadoNaoDeixaNaMemoriaOEstoqueQueJaTinhaTomado() {
        // lines are taken in the order of their product ids: the first product gives its stock, then the second refuses
        List<String> ids = Stream.of(produtoComEstoque(loja, "A", "1", "10"), produtoComEstoque(loja, "B", "1", "10"))
                                 .sorted().toList();
        String primeiro = ids.get(0);
        String segundo = ids.get(1);
        assertThat(pedidoBalcao(loja, "[" + item(primeiro, "1") + "," + item(segundo, "9") + "]").status())
                .isEqualTo(201);

        Resposta recusado = pedidoBalcao(loja, "[" + item(primeiro, "3") + "," + item(segundo, "2") + "]");
        assertThat(recusado.status()).as(recusado.toString()).isEqualTo(400);
        assertThat(recusado.texto("erro")).contains("estoque insuficiente");

        Resposta tudo = pedidoBalcao(loja, "[" + item(primeiro, "9") + "]");
        assertThat(tudo.status()).as("the refused order's 3 units are still there: " + tudo).isEqualTo(201);
        assertThat(estoque(loja, primeiro)).isEqualByComparingTo("0");
        assertThat(estoque(loja, segundo)).isEqualByComparingTo("1");
    }
}
