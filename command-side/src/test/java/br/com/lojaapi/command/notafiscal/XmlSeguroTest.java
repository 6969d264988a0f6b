package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Hostile XML is refused before anything is expanded, read from disk or fetched. */
class XmlSeguroTest {

    @Test
    void entidadeExternaDeArquivoERecusadaSemSerLida() {
        String xml = """
                <?xml version="1.0"?>
                <!DOCTYPE nfeProc [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
                <nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><x>&xxe;</x></nfeProc>""";
        assertThatThrownBy(() -> LeitorFiscal.ler(xml.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("DOCTYPE").hasMessageNotContaining("root:");
    }

    @Test
    void entidadeExternaDeRedeNuncaEBuscada() throws Exception {
        HttpServer servidor = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger acessos = new AtomicInteger();
        servidor.createContext("/", t -> {
            acessos.incrementAndGet();
            t.sendResponseHeaders(200, -1);
            t.close();
        });
        servidor.start();
        try {
            String url = "http://127.0.0.1:" + servidor.getAddress().getPort() + "/dtd";
            String[] documentos = {
                    "<!DOCTYPE a [<!ENTITY e SYSTEM \"" + url + "\">]><a>&e;</a>",
                    "<!DOCTYPE a SYSTEM \"" + url + "\"><a/>",
                    "<!DOCTYPE a [<!ENTITY % p SYSTEM \"" + url + "\"> %p;]><a/>",
                    "<a xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"" + url + "\"/></a>"};
            for (String xml : documentos) {
                assertThatThrownBy(() -> LeitorFiscal.ler(xml.getBytes(StandardCharsets.UTF_8)))
                        .as(xml).isInstanceOf(ErroDeNegocio.class);
            }
            assertThat(acessos).hasValue(0);
        } finally {
            servidor.stop(0);
        }
    }

    @Test
    void bilhaoDeRisadasERecusadoDeImediato() {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE lolz [<!ENTITY lol \"lol\">");
        for (int i = 1; i <= 9; i++) {
            dtd.append("<!ENTITY lol").append(i).append(" \"")
               .append(("&lol" + (i == 1 ? "" : i - 1) + ";").repeat(10)).append("\">");
        }
        String xml = dtd + "]><lolz>&lol9;</lolz>";
        long inicio = System.nanoTime();
        assertThatThrownBy(() -> LeitorFiscal.ler(xml.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("DOCTYPE");
        assertThat(System.nanoTime() - inicio).isLessThan(2_000_000_000L);
    }

    @Test
    void vazioEspacosEMalformadoDao400ClaroSemDetalhesInternos() {
        assertThatThrownBy(() -> LeitorFiscal.ler(new byte[0])).hasMessageContaining("vazio");
        assertThatThrownBy(() -> LeitorFiscal.ler(" \n\t ".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("vazio");
        assertThatThrownBy(() -> LeitorFiscal.ler("<nfeProc><NFe>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("malformado")
                .hasMessageNotContaining("org.").hasMessageNotContaining("Exception");
        assertThatThrownBy(() -> LeitorFiscal.ler("<pedido><x/></pedido>".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("não é uma NF-e");
    }

    @Test
    void aninhamentoProfundoERecusadoSemEstourarAPilha() {
        String profundo = "<a>".repeat(200_000) + "</a>".repeat(200_000);
        assertThatThrownBy(() -> XmlSeguro.ler(profundo.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ErroDeNegocio.class).hasMessageContaining("aninhados");
        String raso = "<a>".repeat(60) + "</a>".repeat(60);
        assertThat(XmlSeguro.ler(raso.getBytes(StandardCharsets.UTF_8)).getDocumentElement().getLocalName())
                .isEqualTo("a");
    }
}
