package br.com.lojaapi.banco;

import br.com.lojaapi.StoreApiApplication;
import br.com.lojaapi.apoio.BancoDeTestes;
import br.com.lojaapi.apoio.ClienteHttp;
import br.com.lojaapi.apoio.Resposta;
import br.com.lojaapi.apoio.TesteDeApi;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The default run mode: no DATABASE_URL, an embedded PostgreSQL under DATA_DIR, data and the database's password kept
 * across restarts.
 */
class ReinicioComBancoEmbutidoTest {

    @Test
    void categoriasSobrevivemAoReinicio() throws Exception {
        Path dados = Files.createTempDirectory("loja-reinicio");
        try {
            String token;
            String id;
            String senha;
            try (ConfigurableApplicationContext primeira = iniciar(dados)) {
                assertThat(Files.exists(dados.resolve("pg/PG_VERSION"))).isTrue();
                senha = Files.readString(dados.resolve("pg-password"));
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dados.resolve("pg-password"))))
                        .as("a senha do banco embutido só para o dono").isEqualTo("rw-------");
                ClienteHttp api = cliente(primeira);
                TesteDeApi.LojaDeTeste loja = TesteDeApi.novaLoja(api);
                token = loja.token();
                id = api.post("/v1/categorias").token(token).json("{\"nome\":\"Persistente\"}").enviar().texto("id");

                // A second application on the same data directory refuses to start and leaves the first alone.
                assertThatThrownBy(() -> iniciar(dados)).hasStackTraceContaining("já está em uso");
                assertThat(api.get("/v1/categorias/" + id).token(token).enviar().status()).isEqualTo(200);
                assertThat(api.post("/v1/categorias").token(token).json("{\"nome\":\"Depois\"}").enviar().status())
                        .isEqualTo(201);
            }
            assertThat(Files.exists(dados.resolve("pg/postmaster.pid"))).as("servidor parado ao fechar").isFalse();

            try (ConfigurableApplicationContext segunda = iniciar(dados)) {
                assertThat(Files.readString(dados.resolve("pg-password"))).as("a mesma senha").isEqualTo(senha);
                Resposta lida = cliente(segunda).get("/v1/categorias/" + id).token(token).enviar();
                assertThat(lida.status()).isEqualTo(200);
                assertThat(lida.texto("nome")).isEqualTo("Persistente");
            }
        } finally {
            BancoDeTestes.apagar(dados);
        }
    }

    private static ConfigurableApplicationContext iniciar(Path dados) {
        // Command-line arguments outrank application.yml, so DATABASE_URL in the environment cannot interfere.
        return new SpringApplicationBuilder(StoreApiApplication.class)
                .run("--server.port=0", "--loja.banco.url=", "--loja.dados.diretorio=" + dados,
                        "--loja.banco.embutido-duravel=false", "--loja.admin.token=" + TesteDeApi.ADMIN);
    }

    private static ClienteHttp cliente(ConfigurableApplicationContext contexto) {
        return new ClienteHttp(Integer.parseInt(contexto.getEnvironment().getRequiredProperty("local.server.port")));
    }
}
