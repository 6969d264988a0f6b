package br.com.lojaapi.apoio;

import br.com.lojaapi.StoreApiApplication;
import br.com.lojaapi.gateway.banco.UrlDoBanco;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.HashMap;
import java.util.Map;

/** A second service node in this JVM, on its own port, sharing the test database with the first. */
public final class OutroNo implements AutoCloseable {

    private final ConfigurableApplicationContext contexto;

    private OutroNo(ConfigurableApplicationContext contexto) {
        this.contexto = contexto;
    }

    /** Rate limits high enough never to refuse a test that sends many requests at once (as on the first node). */
    public static final Map<String, Object> SEM_LIMITES =
            Map.of("loja.limite.por-minuto", 1_000_000, "loja.limite.escritas-por-minuto", 1_000_000);

    /** {@link #SEM_LIMITES} with the node's name ({@code loja.nos.nome}): the settings of a named extra node. */
    public static Map<String, Object> semLimites(String nome) {
        Map<String, Object> propriedades = new java.util.HashMap<>(SEM_LIMITES);
        propriedades.put("loja.nos.nome", nome);
        return propriedades;
    }

    /** A node on the test database with the first node's quotas ({@link #SEM_LIMITES}). */
    public static OutroNo semLimites() {
        return iniciar(SEM_LIMITES);
    }

    public static OutroNo iniciar(Map<String, Object> propriedades) {
        return iniciar(BancoDeTestes.url(), propriedades);
    }

    /** A node on the given database; {@code propriedades} win over the test defaults set here. */
    public static OutroNo iniciar(UrlDoBanco url, Map<String, Object> propriedades) {
        return new OutroNo(new SpringApplicationBuilder(StoreApiApplication.class).run(argumentos(url, propriedades)));
    }

    /**
     * The command line of a test node: the test defaults set here, then {@code propriedades}. As command-line
     * arguments they outrank application.yml, whose ${DATABASE_URL:} would otherwise win.
     */
    static String[] argumentos(UrlDoBanco url, Map<String, Object> propriedades) {
        Map<String, Object> todas = new HashMap<>();
        todas.put("server.port", 0);
        todas.put("loja.banco.url", url.jdbcUrl());
        todas.put("loja.banco.usuario", url.usuario() == null ? "" : url.usuario());
        todas.put("loja.banco.senha", url.senha() == null ? "" : url.senha());
        todas.put("loja.admin.token", TesteDeApi.ADMIN);
        todas.put("loja.dados.diretorio", BancoDeTestes.diretorioDeDados().toString());
        todas.put("loja.segredos.chave", TesteDeApi.CHAVE_DE_SEGREDOS);
        // Every node on the shared test database may deliver any webhook attempt: they must agree on how.
        todas.put("loja.rede.permitir-interna", true);
        todas.put("loja.webhooks.atrasos", TesteDeApi.ATRASOS);
        todas.put("loja.webhooks.tempo-limite", TesteDeApi.TEMPO_LIMITE);
        todas.putAll(propriedades);
        return todas.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
    }

    public int porta() {
        return Integer.parseInt(contexto.getEnvironment().getRequiredProperty("local.server.port"));
    }

    public ClienteHttp cliente() {
        return new ClienteHttp(porta());
    }

    @Override
    public void close() {
        contexto.close();
    }
}
