package br.com.lojaapi.command.segredo;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChavesMestrasTest {

    private static final byte[] SEGREDO = "whsec_000102030405060708090a0b0c0d0e0f1011121314151617"
            .getBytes(StandardCharsets.UTF_8);

    @Test
    void seladoAbreSoComAMesmaChaveEOMesmoContexto() {
        byte[] chave = Cifra.novaChave();
        byte[] selado = Cifra.selar(chave, SEGREDO, "segredo-de-webhook:wh-1");

        assertThat(Cifra.abrir(chave, selado, "segredo-de-webhook:wh-1")).isEqualTo(SEGREDO);
        assertThat(new String(selado, StandardCharsets.ISO_8859_1)).doesNotContain("0102030405");
        assertThatThrownBy(() -> Cifra.abrir(chave, selado, "segredo-de-webhook:wh-2"))
                .isInstanceOf(Cifra.CifraInvalidaException.class);
        assertThatThrownBy(() -> Cifra.abrir(Cifra.novaChave(), selado, "segredo-de-webhook:wh-1"))
                .isInstanceOf(Cifra.CifraInvalidaException.class);
        byte[] alterado = selado.clone();
        alterado[alterado.length - 1] ^= 1;
        assertThatThrownBy(() -> Cifra.abrir(chave, alterado, "segredo-de-webhook:wh-1"))
                .isInstanceOf(Cifra.CifraInvalidaException.class);
    }

    @Test
    void cadaSeloTemNonceProprio() {
        byte[] chave = Cifra.novaChave();

        assertThat(Cifra.selar(chave, SEGREDO, "c")).isNotEqualTo(Cifra.selar(chave, SEGREDO, "c"));
    }

    @Test
    void chaveNovaEnvolveEAsDeLeituraAindaAbrem() {
        String velha = ChavesMestras.gerar();
        String nova = ChavesMestras.gerar();
        ChavesMestras antes = ChavesMestras.de(velha, List.of(), "SECRETS_KEY", "SECRETS_READ_KEYS");
        ChavesMestras depois = ChavesMestras.de(nova, List.of(velha), "SECRETS_KEY", "SECRETS_READ_KEYS");
        byte[] dados = Cifra.novaChave();
        ChavesMestras.Envolvida envolvida = antes.envolver(dados, "chave-de-webhook:wh-1");

        assertThat(envolvida.chaveMestra()).isEqualTo(antes.idAtual()).isNotEqualTo(depois.idAtual());
        assertThat(depois.ids()).containsExactly(depois.idAtual(), antes.idAtual());
        assertThat(depois.desenvolver(envolvida.chaveMestra(), envolvida.cifrada(), "chave-de-webhook:wh-1"))
                .isEqualTo(dados);
        assertThat(depois.envolver(dados, "x").chaveMestra()).isEqualTo(depois.idAtual());
        ChavesMestras soANova = ChavesMestras.de(nova, List.of(), "SECRETS_KEY", "SECRETS_READ_KEYS");
        assertThatThrownBy(() -> soANova.desenvolver(envolvida.chaveMestra(), envolvida.cifrada(),
                "chave-de-webhook:wh-1"))
                .isInstanceOf(ChavesMestras.ChaveMestraAusenteException.class)
                .hasMessageContaining(antes.idAtual());
    }

    @Test
    void idDependeSoDaChave() {
        String chave = ChavesMestras.gerar();

        assertThat(ChavesMestras.id(Base64.getDecoder().decode(chave))).hasSize(16)
                .isEqualTo(ChavesMestras.de(chave, List.of(), "a", "b").idAtual())
                .isNotEqualTo(ChavesMestras.id(Cifra.novaChave()));
    }

    @Test
    void chaveInvalidaERecusadaSemMostrarOValor() {
        assertThat(ChavesMestras.valida(ChavesMestras.gerar())).isTrue();
        assertThat(ChavesMestras.valida("curta")).isFalse();
        assertThat(ChavesMestras.valida(Base64.getEncoder().encodeToString(new byte[16]))).isFalse();
        assertThatThrownBy(() -> ChavesMestras.de("nao-e-base64!!", List.of(), "SECRETS_KEY", "SECRETS_READ_KEYS"))
                .hasMessageContaining("SECRETS_KEY").hasMessageNotContaining("nao-e-base64");
        assertThatThrownBy(() -> ChavesMestras.de(ChavesMestras.gerar(), List.of("x"), "SECRETS_KEY",
                "SECRETS_READ_KEYS")).hasMessageContaining("SECRETS_READ_KEYS");
    }
}
