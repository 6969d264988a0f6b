package br.com.lojaapi.gateway.banco;

import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where the Hikari pool opens its connections. While PostgreSQL is known to be down, opening one waits for its
 * return ({@link DisponibilidadeDoBanco#aguardarParaConectar}) instead of failing into Hikari's growing back-off;
 * a failure to open one is reported, since it is often the first sign of an outage.
 */
class ConexoesNovas extends DelegatingDataSource {

    private final DisponibilidadeDoBanco banco;

    ConexoesNovas(DataSource driver, DisponibilidadeDoBanco banco) {
        super(driver);
        this.banco = banco;
    }

    @Override
    public Connection getConnection() throws SQLException {
        banco.aguardarParaConectar();
        try {
            return super.getConnection();
        } catch (SQLException e) {
            banco.explica(e);
            throw e;
        }
    }
}
