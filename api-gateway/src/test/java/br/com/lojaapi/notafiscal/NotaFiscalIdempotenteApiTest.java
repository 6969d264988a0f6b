package br.com.lojaapi.notafiscal;

import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TravaConsultiva;
import br.com.lojaapi.command.notafiscal.XmlsFiscais;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An invoice upload retried with its Idempotency-Key links one invoice, in the XML and the multipart forms: without
 * the key the same XML again would be an update (200, a new version); with it the retry is the first answer again,
 * and a retry whose answer was lost is sent to the invoice.
 */
class NotaFiscalIdempotenteApiTest extends TesteDeNotasFiscais {

    @Autowired
    private JdbcTemplate jdbc;

    @Test
    void xmlRepetidoComAMesmaChaveDevolveAMesmaRespostaSemAtualizarANota() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        byte[] xml = nfe().xml();
        String chave = UUID.randomUUID().toString();

        Resposta primeira = xml(loja, pedido, chave, xml);
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
        Resposta repetida = xml(loja, pedido, chave, xml);
        assertThat(repetida.status()).as(repetida.toString()).isEqualTo(201);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(primeira.corpo());

        Resposta outroXml = xml(loja, pedido, chave, nfe().xml());
        assertThat(outroXml.status()).as(outroXml.toString()).isEqualTo(422);
        assertThat(outroXml.texto("erro")).contains("Idempotency-Key");

        JsonNode notas = notas(loja, pedido);
        assertThat(notas).hasSize(1);
        assertThat(notas.get(0).get("id").asText()).isEqualTo(primeira.texto("id"));
        assertThat(notas.get(0).get("versao")).isEqualTo(primeira.json().get("versao"));
    }

    @Test
    void multipartRepetidoComOutraFronteiraEAMesmaRequisicao() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        byte[] xml = nfe().xml();
        byte[] pdf = XmlsFiscais.pdf();
        String chave = UUID.randomUUID().toString();

        Resposta primeira = multipart(xml, pdf).enviar(loja, caminho(pedido), chave);
        assertThat(primeira.status()).as(primeira.toString()).isEqualTo(201);
        Resposta repetida = multipart(xml, pdf).enviar(loja, caminho(pedido), chave);
        assertThat(repetida.status()).as(repetida.toString()).isEqualTo(201);
        assertThat(repetida.cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(repetida.corpo()).isEqualTo(primeira.corpo());

        Resposta semPdf = multipart(xml, null).enviar(loja, caminho(pedido), chave);
        assertThat(semPdf.status()).as(semPdf.toString()).isEqualTo(422);

        JsonNode notas = notas(loja, pedido);
        assertThat(notas).hasSize(1);
        assertThat(notas.get(0).get("versao")).isEqualTo(primeira.json().get("versao"));
    }

    @Test
    void doisEnviosAoMesmoTempoComUmaChaveDaoUm201EUm409EmCadaFormato() throws Exception {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        byte[] xml = nfe().xml();
        String chaveXml = UUID.randomUUID().toString();
        byte[] outroXml = nfe().xml();
        String chaveMultipart = UUID.randomUUID().toString();

        List<Resposta> porXml;
        try (TravaConsultiva anexos = TravaConsultiva.dosAnexos(loja.id(), pedido.id())) {
            porXml = anexos.enviarAoMesmoTempo(() -> xml(loja, pedido, chaveXml, xml),
                    () -> xml(loja, pedido, chaveXml, xml));
        }
        List<Resposta> porMultipart;
        try (TravaConsultiva anexos = TravaConsultiva.dosAnexos(loja.id(), pedido.id())) {
            porMultipart = anexos.enviarAoMesmoTempo(
                    () -> multipart(outroXml, null).enviar(loja, caminho(pedido), chaveMultipart),
                    () -> multipart(outroXml, null).enviar(loja, caminho(pedido), chaveMultipart));
        }

        for (List<Resposta> respostas : List.of(porXml, porMultipart)) {
            assertThat(respostas.get(0).status()).as(respostas.get(0).toString()).isEqualTo(409);
            assertThat(respostas.get(0).texto("erro")).contains("em andamento");
            assertThat(respostas.get(1).status()).as(respostas.get(1).toString()).isEqualTo(201);
        }
        assertThat(notas(loja, pedido)).hasSize(2);
        assertThat(xml(loja, pedido, chaveXml, xml).cabecalho("Idempotent-Replayed")).isEqualTo("true");
        assertThat(notas(loja, pedido)).hasSize(2);
    }

    /**
     * The send updates an invoice already linked (the command side picks it by its key): when its response is lost,
     * the retry is sent to that invoice, not to the id a new one would have had.
     */
    @Test
    void reenvioCujaRespostaSePerdeuApontaParaANotaAtualizada() {
        LojaDeTeste loja = lojaEmitente();
        Pedido pedido = pedido(loja);
        byte[] xml = nfe().xml();
        Resposta vinculada = api.post(caminho(pedido)).token(loja.token()).corpo("application/xml", xml).enviar();
        assertThat(vinculada.status()).as(vinculada.toString()).isEqualTo(201);
        String notaId = vinculada.texto("id");
        String chave = UUID.randomUUID().toString();
        Resposta atualizada = xml(loja, pedido, chave, xml);
        assertThat(atualizada.status()).as(atualizada.toString()).isEqualTo(200);
        // As a node that died after the commit leaves the key: applied, no response stored.
        assertThat(jdbc.update("""
                UPDATE idempotencia SET estado = 'em_andamento', status = NULL, cabecalhos = NULL, corpo = NULL,
                       criada_em = now() - interval '1 hour'
                 WHERE loja_id = ? AND chave = ? AND efetivada""", loja.id(), chave)).isEqualTo(1);

        Resposta perdida = xml(loja, pedido, chave, xml);

        assertThat(perdida.status()).as(perdida.toString()).isEqualTo(409);
        String local = caminho(pedido) + "/" + notaId;
        assertThat(perdida.cabecalho("Location")).isEqualTo(local);
        assertThat(perdida.texto("id")).isEqualTo(notaId);
        assertThat(perdida.texto("local")).isEqualTo(local);
        Resposta lida = api.get(local).token(loja.token()).enviar();
        assertThat(lida.status()).as(lida.toString()).isEqualTo(200);
        assertThat(lida.texto("id")).isEqualTo(notaId);
        assertThat(lida.json().get("versao")).isEqualTo(atualizada.json().get("versao"));
        assertThat(notas(loja, pedido)).hasSize(1);
    }

    private Resposta xml(LojaDeTeste loja, Pedido pedido, String chave, byte[] xml) {
        return api.post(caminho(pedido)).token(loja.token()).cabecalho("Idempotency-Key", chave)
                  .corpo("application/xml", xml).enviar();
    }

    private Multipart multipart(byte[] xml, byte[] pdf) {
        Multipart corpo = new Multipart().arquivo("xml", "nota.xml", "application/xml", xml);
        return pdf == null ? corpo : corpo.arquivo("pdf", "danfe.pdf", "application/pdf", pdf);
    }
}
