package br.com.lojaapi.gateway.banco;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where the service's PostgreSQL is: from {@code DATABASE_URL} as a JDBC URL
 * ({@code jdbc:postgresql://host:5432/db}) or a libpq-style URL ({@code postgresql://user:pass@host:5432/db}), each
 * with several hosts when a standby may take over ({@code jdbc:postgresql://h1:5432,h2:5432/db?targetServerType=primary},
 * {@code postgresql://user:pass@h1,h2/db?target_session_attrs=read-write}).
 * {@code DATABASE_USER} and {@code DATABASE_PASSWORD}, when set, win over credentials inside the URL.
 */
public record UrlDoBanco(String jdbcUrl, String usuario, String senha) {

    public static UrlDoBanco interpretar(String url, String usuario, String senha) {
        String texto = url.strip();
        if (texto.startsWith("jdbc:postgresql:")) {
            return new UrlDoBanco(texto, vazioComoNulo(usuario), vazioComoNulo(senha));
        }
        if (texto.startsWith("postgresql://") || texto.startsWith("postgres://")) {
            return daLibpq(texto.substring(texto.indexOf("://") + 3), usuario, senha);
        }
        throw invalida();
    }

    /**
     * {@code [usuario[:senha]@]host[:porta][,host[:porta]...][/banco][?parametros]}: the libpq form, several hosts
     * included (the driver tries them in order). libpq's {@code target_session_attrs} becomes the driver's
     * {@code targetServerType} ({@code read-write} and {@code primary} mean the primary), so the same URL works with
     * psql and with the service.
     */
    private static UrlDoBanco daLibpq(String resto, String usuario, String senha) {
        int fimDoEndereco = indiceDe(resto, '/', '?');
        String endereco = resto.substring(0, fimDoEndereco);
        String depois = resto.substring(fimDoEndereco);
        String usuarioDaUrl = null;
        String senhaDaUrl = null;
        int arroba = endereco.lastIndexOf('@');
        if (arroba >= 0) {
            String[] partes = endereco.substring(0, arroba).split(":", 2);
            usuarioDaUrl = decodificar(partes[0]);
            senhaDaUrl = partes.length > 1 ? decodificar(partes[1]) : null;
            endereco = endereco.substring(arroba + 1);
        }
        List<String> hosts = new ArrayList<>();
        for (String host : endereco.split(",", -1)) {
            if (host.isBlank() || host.contains("/") || host.contains("@")) {
                throw invalida();
            }
            hosts.add(host.matches("(\\[.*]|[^:\\[\\]]+):\\d+") ? host : host + ":5432");
        }
        int interrogacao = depois.indexOf('?');
        String caminho = interrogacao < 0 ? depois : depois.substring(0, interrogacao);
        String consulta = interrogacao < 0 ? "" : depois.substring(interrogacao + 1);
        String banco = caminho.isEmpty() || caminho.equals("/") ? "/postgres" : caminho;
        List<String> parametros = new ArrayList<>();
        for (String parametro : consulta.split("&")) {
            if (parametro.isEmpty()) {
                continue;
            }
            if (parametro.startsWith("target_session_attrs=")) {
                parametros.add("targetServerType=" + tipoDeServidor(parametro.substring(parametro.indexOf('=') + 1)));
            } else {
                parametros.add(parametro);
            }
        }
        String jdbc = "jdbc:postgresql://" + String.join(",", hosts) + banco
                + (parametros.isEmpty() ? "" : "?" + String.join("&", parametros));
        return new UrlDoBanco(jdbc, primeiro(usuario, usuarioDaUrl), primeiro(senha, senhaDaUrl));
    }

    private static String tipoDeServidor(String atributos) {
        return switch (atributos) {
            case "read-write", "primary" -> "primary";
            case "read-only", "standby" -> "secondary";
            case "prefer-standby" -> "preferSecondary";
            case "any" -> "any";
            default -> throw new IllegalArgumentException("DATABASE_URL: target_session_attrs=" + atributos
                    + " não é aceito; use read-write, primary, read-only, standby, prefer-standby ou any");
        };
    }

    private static int indiceDe(String texto, char a, char b) {
        int i = texto.indexOf(a);
        int j = texto.indexOf(b);
        if (i < 0) {
            return j < 0 ? texto.length() : j;
        }
        return j < 0 ? i : Math.min(i, j);
    }

    private static IllegalArgumentException invalida() {
        return new IllegalArgumentException("DATABASE_URL deve ser jdbc:postgresql://host:porta[,host:porta]/banco ou "
                + "postgresql://usuario:senha@host:porta[,host:porta]/banco");
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
