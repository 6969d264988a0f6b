package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.EmParalelo;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.SegundoNo;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Invoices and carrier labels sent to two nodes on one database at once, as behind a load balancer: an invoice
 * is linked once, the limits per order hold, and what one node stored the other serves.
 */
class AnexosEmDoisNosApiTest extends TesteDeNotasFiscais {

    @RegisterExtension
    static final SegundoNo segundo = SegundoNo.semLimites();

    private static List<Integer> emParalelo(int vezes, IntFunction<Resposta> envio) throws Exception {
        return EmParalelo.executar(vezes, envio).stream().map(Resposta::status).toList();
    }

    private ClienteHttp no(int i) {
        return i % 2 == 0 ? api : segundo.cliente();
    }

    @Test
    void mesmaNotaNosDoisNosEVinculadaUmaVezEOArquivoEServidoPeloOutro() throws Exception {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        Pedido outro = pedido(loja);
        XmlsFiscais.Nfe nota = nfe();
        List<Integer> mesmoPedido = emParalelo(8, i -> no(i).post(caminho(pedido)).token(loja.token())
                                                            .corpo("application/xml", nota.xml()).enviar());
        assertThat(mesmoPedido).filteredOn(s -> s == 201).hasSize(1);
        assertThat(mesmoPedido).filteredOn(s -> s == 200).hasSize(7);

        XmlsFiscais.Nfe disputada = nfe();
        List<Integer> doisPedidos = emParalelo(8, i -> no(i).post(caminho(i < 4 ? pedido : outro))
                                                            .token(loja.token())
                                                            .corpo("application/xml", disputada.xml()).enviar());
        assertThat(doisPedidos).filteredOn(s -> s == 201).hasSize(1);
        assertThat(doisPedidos).filteredOn(s -> s == 409).hasSize(4);
        assertThat(notas(loja, pedido).size() + notas(loja, outro).size()).isEqualTo(2);

        String id = notas(loja, pedido).get(0).get("id").asText();
        HttpResponse<byte[]> noOutro = segundo.cliente().get(caminho(pedido) + "/" + id + "?arquivo=xml")
                                              .token(loja.token()).enviarBinario();
        assertThat(noOutro.statusCode()).isEqualTo(200);
        assertThat(noOutro.body()).isEqualTo(nota.xml());
    }

    @Test
    void limitesPorPedidoValemNosDoisNos() throws Exception {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        for (int i = 0; i < 16; i++) {
            assertThat(enviar(Formato.XML, loja, pedido, nfe().xml()).status()).isEqualTo(201);
        }
        List<byte[]> notas = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            notas.add(nfe().xml());
        }
        List<Integer> notasAMais = emParalelo(8, i -> no(i).post(caminho(pedido)).token(loja.token())
                                                           .corpo("application/xml", notas.get(i)).enviar());
        assertThat(notasAMais).filteredOn(s -> s == 201).hasSize(4);
        assertThat(notasAMais).filteredOn(s -> s == 409).hasSize(4);
        assertThat(notas(loja, pedido)).hasSize(20);

        String etiquetas = "/v1/pedidos/" + pedido.id() + "/etiquetas";
        for (int i = 0; i < 46; i++) {
            assertThat(api.post(etiquetas).token(loja.token()).json("{\"zpl\":\"^XA^FD" + i
                    + "^FS^XZ\",\"codigoRastreio\":\"C" + i + "\"}").enviar().status()).isEqualTo(201);
        }
        List<Integer> etiquetasAMais = emParalelo(8, i -> no(i).post(etiquetas).token(loja.token())
                .json("{\"zpl\":\"^XA^FDp" + i + "^FS^XZ\",\"codigoRastreio\":\"P" + (i % 6) + "\"}").enviar());
        // Six distinct codes for four free places: four created, two refused; repeats of a created code replace.
        assertThat(etiquetasAMais).filteredOn(s -> s == 201).hasSize(4);
        assertThat(etiquetasAMais).filteredOn(s -> s == 500).isEmpty();
        assertThat(api.get(etiquetas).token(loja.token()).enviar().json().get("etiquetas")).hasSize(50);
    }
}
