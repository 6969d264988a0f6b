package br.com.lojaapi.gateway.banco;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * Where the service's PostgreSQL is: from {@code DATABASE_URL} as a JDBC URL
 * ({@code jdbc:postgresql://host:5432/db}) or a libpq-style URL ({@code postgresql://user:pass@host:5432/db}).
 * {@code DATABASE_USER} and {@code DATABASE_PASSWORD}, when set, win over credentials inside the URL.
 */
public record UrlDoBanco(String jdbcUrl, String usuario, String senha) {

    public static UrlDoBanco interpretar(String url, String usuario, String senha) {
        String texto = url.strip();
        if (texto.startsWith("jdbc:postgresql:")) {
            return new UrlDoBanco(texto, vazioComoNulo(usuario), vazioComoNulo(senha));
        }
        if (texto.startsWith("postgresql://") || texto.startsWith("postgres://")) {
            URI uri = URI.create(texto);
            String usuarioDaUrl = null;
            String senhaDaUrl = null;
            if (uri.getRawUserInfo() != null) {
                String[] partes = uri.getRawUserInfo().split(":", 2);
                usuarioDaUrl = decodificar(partes[0]);
                senhaDaUrl = partes.length > 1 ? decodificar(partes[1]) : null;
            }
            int porta = uri.getPort() == -1 ? 5432 : uri.getPort();
            String caminho = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/postgres" : uri.getRawPath();
            String consulta = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
            String jdbc = "jdbc:postgresql://" + uri.getHost() + ":" + porta + caminho + consulta;
            return new UrlDoBanco(jdbc, primeiro(usuario, usuarioDaUrl), primeiro(senha, senhaDaUrl));
        }
        throw new IllegalArgumentException(
                "DATABASE_URL deve ser jdbc:postgresql://host:porta/banco ou postgresql://usuario:senha@host:porta/banco");
    }

    /**
     * Driver properties for a connection of its own (outside the pool): the credentials, the name the server shows
     * for the session, and bounds in seconds on opening it and on waiting for the server.
     */
    public Properties propriedades(String aplicacao, int conectarEmSegundos, int socketEmSegundos) {
        Properties propriedades = new Properties();
        if (usuario != null) {
            propriedades.setProperty("user", usuario);
        }
        if (senha != null) {
            propriedades.setProperty("password", senha);
        }
        propriedades.setProperty("ApplicationName", aplicacao);
        propriedades.setProperty("connectTimeout", Integer.toString(conectarEmSegundos));
        propriedades.setProperty("loginTimeout", Integer.toString(conectarEmSegundos));
        propriedades.setProperty("socketTimeout", Integer.toString(socketEmSegundos));
        return propriedades;
    }

    private static String decodificar(String valor) {
        return URLDecoder.decode(valor, StandardCharsets.UTF_8);
    }

    private static String primeiro(String preferido, String alternativo) {
        String valor = vazioComoNulo(preferido);
        return valor != null ? valor : alternativo;
    }

    private static String vazioComoNulo(String valor) {
        return valor == null || valor.isBlank() ? null : valor;
    }

    @Override
    public String toString() {
        return "UrlDoBanco[" + jdbcUrl + ", usuario=" + usuario + "]";
    }
}
