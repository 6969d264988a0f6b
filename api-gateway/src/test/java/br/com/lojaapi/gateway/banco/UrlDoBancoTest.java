package br.com.lojaapi.gateway.banco;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UrlDoBancoTest {

    @Test
    void jdbcComVariosHostsPassaComoEsta() {
        UrlDoBanco url = UrlDoBanco.interpretar(
                "jdbc:postgresql://h1:5432,h2:5433/loja?targetServerType=primary", "loja", "s");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://h1:5432,h2:5433/loja?targetServerType=primary");
        assertThat(url.usuario()).isEqualTo("loja");
    }

    @Test
    void libpqComUmHost() {
        UrlDoBanco url = UrlDoBanco.interpretar("postgresql://loja:s%40nha@db/loja", null, null);
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/loja");
        assertThat(url.usuario()).isEqualTo("loja");
        assertThat(url.senha()).isEqualTo("s@nha");
    }

    @Test
    void libpqComVariosHostsEAtributosDaSessao() {
        UrlDoBanco url = UrlDoBanco.interpretar(
                "postgresql://loja:loja@primario:5432,espera,[::1]/loja?target_session_attrs=read-write&sslmode=disable",
                "", "");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://primario:5432,espera:5432,[::1]:5432/loja"
                + "?targetServerType=primary&sslmode=disable");
        assertThat(url.usuario()).isEqualTo("loja");
        assertThat(url.senha()).isEqualTo("loja");
    }

    @Test
    void credenciaisDoAmbienteVencemAsDaUrl() {
        UrlDoBanco url = UrlDoBanco.interpretar("postgres://a:b@h1,h2:6000", "outro", "segredo");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://h1:5432,h2:6000/postgres");
        assertThat(url.usuario()).isEqualTo("outro");
        assertThat(url.senha()).isEqualTo("segredo");
    }

    @Test
    void formasInvalidasSaoRecusadasComMensagemClara() {
        assertThatThrownBy(() -> UrlDoBanco.interpretar("mysql://h/db", null, null))
                .hasMessageContaining("DATABASE_URL");
        assertThatThrownBy(() -> UrlDoBanco.interpretar("postgresql://h1,,h2/db", null, null))
                .hasMessageContaining("DATABASE_URL");
        assertThatThrownBy(() -> UrlDoBanco.interpretar("postgresql://h1/db?target_session_attrs=talvez", null, null))
                .hasMessageContaining("target_session_attrs");
    }
}
