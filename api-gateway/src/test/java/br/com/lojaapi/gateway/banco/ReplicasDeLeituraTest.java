package br.com.lojaapi.gateway.banco;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What GET /admin/replicas shows of a replica's URL, and WAL positions as numbers (decision 074). */
class ReplicasDeLeituraTest {

    @Test
    void aUrlMostradaNaoTemCredenciais() {
        assertThat(ReplicasDeLeitura.semCredenciais("jdbc:postgresql://r1:5432/loja?user=leitor&password=segredo"))
                .isEqualTo("jdbc:postgresql://r1:5432/loja");
        assertThat(ReplicasDeLeitura.semCredenciais(
                "jdbc:postgresql://r1:5432/loja?password=segredo&sslmode=require&user=leitor"))
                .isEqualTo("jdbc:postgresql://r1:5432/loja?sslmode=require");
        assertThat(ReplicasDeLeitura.semCredenciais("jdbc:postgresql://r1:5432/loja?sslmode=require"))
                .isEqualTo("jdbc:postgresql://r1:5432/loja?sslmode=require");
    }

    @Test
    void posicoesDoWalComparamComoNoPostgres() {
        assertThat(Lsn.ler("16/B374D848")).isEqualTo(0x16B374D848L);
        assertThat(Lsn.ler("0/FFFFFFFF")).isLessThan(Lsn.ler("1/0"));
        assertThat(Lsn.ler(null)).isEqualTo(Lsn.NENHUMA);
        assertThat(Lsn.texto(Lsn.ler("16/B374D848"))).isEqualTo("16/B374D848");
    }
}
