package br.com.lojaapi.gateway.banco;

import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the Hikari pool opens its connections. While PostgreSQL is known to be down, opening one waits for its
 * return ({@link DisponibilidadeDoBanco#aguardarParaConectar}) instead of failing into Hikari's growing back-off;
 * a failure to open one is reported, since it is often the first sign of an outage. Each new connection is checked
 * by {@link LinhaDoTempo} before the pool hands it out: it may lead to a server that replaced the old one.
 */
class ConexoesNovas extends DelegatingDataSource {

    private final DisponibilidadeDoBanco banco;
    private final LinhaDoTempo linhaDoTempo;

    ConexoesNovas(DataSource driver, DisponibilidadeDoBanco banco, LinhaDoTempo linhaDoTempo) {
        super(driver);
        this.banco = banco;
        this.linhaDoTempo = linhaDoTempo;
    }

    @Override
    public Connection getConnection() throws SQLException {
        banco.aguardarParaConectar();
        Connection conexao;
        try {
            conexao = super.getConnection();
        } catch (SQLException e) {
            banco.explica(e);
            throw e;
        }
        try {
            linhaDoTempo.conferir(conexao);
            return conexao;
        } catch (SQLException | RuntimeException e) {
            fechar(conexao, e);
            if (!linhaDoTempo.divergente()) {
                banco.explica(e);
            }
            throw e;
        }
    }

    private static void fechar(Connection conexao, Exception causa) {
        try {
            conexao.close();
        } catch (SQLException e) {
            causa.addSuppressed(e);
        }
    }
}
