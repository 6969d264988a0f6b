package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.Resposta;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** If-Match on DELETE of an invoice: its {@code versao} is the invoice's own, as its JSON shows. */
class IfMatchDaNotaFiscalApiTest extends TesteDeNotasFiscais {

    @Test
    void notaSoEDesvinculadaNaVersaoAtual() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        Resposta criada = enviar(Formato.XML, loja, pedido, nfe().xml());
        assertThat(criada.status()).as(criada.toString()).isEqualTo(201);
        String nota = caminho(pedido) + "/" + criada.texto("id");
        long versao = api.get(nota).token(loja.token()).enviar().json().get("versao").asLong();

        Resposta adiantada = api.delete(nota).token(loja.token())
                                .cabecalho("If-Match", "\"" + (versao + 1) + "\"").enviar();
        Resposta fraca = api.delete(nota).token(loja.token()).cabecalho("If-Match", "W/\"" + versao + "\"").enviar();

        assertThat(adiantada.status()).as(adiantada.toString()).isEqualTo(412);
        assertThat(adiantada.json().get("versao").asLong()).isEqualTo(versao);
        assertThat(fraca.status()).as(fraca.toString()).isEqualTo(412);
        assertThat(api.get(nota).token(loja.token()).enviar().status()).isEqualTo(200);
        Resposta atual = api.delete(nota).token(loja.token()).cabecalho("If-Match", "\"" + versao + "\"").enviar();
        assertThat(atual.status()).as(atual.toString()).isEqualTo(200);
        assertThat(api.get(nota).token(loja.token()).enviar().status()).isEqualTo(404);
    }
}
