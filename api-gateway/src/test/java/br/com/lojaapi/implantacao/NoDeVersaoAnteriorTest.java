package br.com.lojaapi.implantacao;

import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.OutroNo;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A node of this version does not start beside a live node of an earlier event model (decision 075): such a node
 * would send deliveries this version starts and could not record them. It says which nodes to stop; once they are
 * gone it starts. On a database of its own, so the stand-in for the earlier node never counts in another test's
 * division of segments.
 */
class NoDeVersaoAnteriorTest {

    private static final String ANTERIOR = "no-da-versao-anterior";

    @Test
    void naoIniciaAoLadoDeUmNoDeModeloAnteriorEIniciaQuandoEleSai() throws Exception {
        UrlDoBanco url = BancoDeTestes.url("modelo_do_no");
        // The schema exists once a node of this version has started on the database.
        try (OutroNo primeiro = OutroNo.iniciar(url, OutroNo.semLimites("primeiro"))) {
            assertThat(primeiro.porta()).isPositive();
        }
        // What a node of the earlier version leaves: its row, renewed, without a model.
        executar(url, "INSERT INTO no_em_execucao (id, iniciado_em, visto_em) VALUES ('" + ANTERIOR
                      + "', now(), now() + interval '1 minute')");
        try {
            assertThatThrownBy(() -> OutroNo.iniciar(url, OutroNo.semLimites("novo")).close())
                    .hasStackTraceContaining("Nós de uma versão anterior ainda usam este banco: [" + ANTERIOR + "]");
        } finally {
            executar(url, "DELETE FROM no_em_execucao WHERE id = '" + ANTERIOR + "'");
        }
        try (OutroNo novo = OutroNo.iniciar(url, OutroNo.semLimites("novo"))) {
            assertThat(novo.porta()).isPositive();
        }
    }

    private static void executar(UrlDoBanco url, String sql) throws SQLException {
        try (Connection conexao = DriverManager.getConnection(url.jdbcUrl(), url.usuario(), url.senha());
             Statement comando = conexao.createStatement()) {
            comando.execute(sql);
        }
    }
}
