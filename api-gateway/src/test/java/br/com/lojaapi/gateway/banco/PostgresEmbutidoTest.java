package br.com.lojaapi.gateway.banco;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The watchdog signals only the postgres it started, never whatever process later holds the same pid. */
class PostgresEmbutidoTest {

    @TempDir
    Path dados;

    @Test
    void soUmPostgresNoMesmoDiretorioEOServidor(@TempDir Path outro) {
        String d = dados.toString();

        assertThat(PostgresEmbutido.eOPostgresDe(Optional.of("/tmp/pg/bin/postgres"), List.of("-D", d, "-p", "5432"),
                Optional.empty(), dados)).isTrue();
        assertThat(PostgresEmbutido.eOPostgresDe(Optional.of("/tmp/pg/bin/postgres"), List.of(),
                Optional.of(dados), dados)).as("o postmaster trabalha no diretório de dados").isTrue();
        assertThat(PostgresEmbutido.eOPostgresDe(Optional.of("/usr/bin/sleep"), List.of("-D", d), Optional.of(dados),
                dados)).as("outro programa").isFalse();
        assertThat(PostgresEmbutido.eOPostgresDe(Optional.of("/usr/bin/postgres-backup"), List.of("-D", d),
                Optional.empty(), dados)).isFalse();
        assertThat(PostgresEmbutido.eOPostgresDe(Optional.of("/tmp/pg/bin/postgres"), List.of("-D", outro.toString()),
                Optional.of(outro), dados)).as("postgres de outro diretório").isFalse();
        assertThat(PostgresEmbutido.eOPostgresDe(Optional.empty(), List.of("-D", d), Optional.of(dados), dados))
                .as("sem informação do processo").isFalse();
    }

    @Test
    void pidDePostmasterPidQueNaoEPostgresNaoEServidor() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            Files.writeString(dados.resolve("postmaster.pid"), sleep.pid() + "\n" + dados + "\n",
                    StandardCharsets.UTF_8);
            assertThat(PostgresEmbutido.servidorEm(dados)).isEmpty();
            Files.writeString(dados.resolve("postmaster.pid"), "lixo\n", StandardCharsets.UTF_8);
            assertThat(PostgresEmbutido.servidorEm(dados)).isEmpty();
        } finally {
            sleep.destroy();
        }
        assertThat(PostgresEmbutido.servidorEm(dados.resolve("nao-existe"))).isEmpty();
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void inicioIdentificaOProcessoENoShellValeOMesmo() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        Optional<String> inicio;
        try {
            inicio = PostgresEmbutido.inicio(sleep.pid());
            assertThat(inicio).isPresent();
            assertThat(PostgresEmbutido.inicio(sleep.pid())).isEqualTo(inicio);
            assertThat(confereNoShell(sleep.pid(), inicio.get())).as("o script vê o mesmo início").isTrue();
            assertThat(confereNoShell(sleep.pid(), inicio.get() + "1")).as("outro início, outro processo").isFalse();
        } finally {
            sleep.destroy();
            sleep.waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(PostgresEmbutido.inicio(sleep.pid())).as("processo encerrado").isEmpty();
        assertThat(confereNoShell(sleep.pid(), inicio.get())).isFalse();
    }

    private static boolean confereNoShell(long pid, String inicio) throws Exception {
        Process sh = new ProcessBuilder("sh", "-c", "P=" + pid + "; [ \"$(" + PostgresEmbutido.INICIO_NO_SHELL
                + ")\" = '" + inicio + "' ]").start();
        assertThat(sh.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return sh.exitValue() == 0;
    }
}
