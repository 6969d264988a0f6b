package br.com.lojaapi.gateway.segredo;

import br.com.lojaapi.command.segredo.ChavesMestras;
import br.com.lojaapi.gateway.infra.ArquivoSecreto;
import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The master keys that wrap the webhooks' data keys (decision 069): {@code SECRETS_KEY} when set (never written
 * anywhere), else the key kept in {@code DATA_DIR/secrets-key}, generated on the first start (mode 0600, the key in
 * base64 and a newline); plus {@code SECRETS_READ_KEYS}, keys accepted for reading only during a rotation. The key
 * is never printed, only its id. Nodes that share a database but not a data directory need the same
 * {@code SECRETS_KEY}; {@link VarreduraDeSegredos} refuses to start a node that cannot read what the database holds.
 */
@Configuration(proxyBeanMethods = false)
class ConfiguracaoDeSegredos {

    private static final Logger log = LoggerFactory.getLogger(ConfiguracaoDeSegredos.class);
    static final String ARQUIVO = "secrets-key";
    static final String ATUAL = "SECRETS_KEY";
    static final String DE_LEITURA = "SECRETS_READ_KEYS";

    @Bean
    ChavesMestras chavesMestras(@Value("${loja.segredos.chave:}") String chave,
                                @Value("${loja.segredos.chaves-de-leitura:}") String deLeitura,
                                DiretorioDeDados dados) {
        return chaves(chave, deLeitura, dados.resolver(ARQUIVO));
    }

    static ChavesMestras chaves(String configurada, String deLeitura, Path arquivo) {
        String atual = configurada == null ? "" : configurada.strip();
        String origem = ATUAL;
        if (atual.isEmpty()) {
            atual = doArquivo(arquivo);
            origem = arquivo.toString();
        }
        ChavesMestras chaves = ChavesMestras.de(atual, lista(deLeitura), ATUAL, DE_LEITURA);
        log.info("Secrets de webhook cifrados com a chave mestra {} (de {}); chaves aceitas para leitura: {}",
                chaves.idAtual(), origem, chaves.ids());
        return chaves;
    }

    static List<String> lista(String texto) {
        return texto == null ? List.of()
                : Arrays.stream(texto.split("[,\\s]+")).filter(s -> !s.isBlank()).toList();
    }

    private static String doArquivo(Path arquivo) {
        try {
            ArquivoSecreto.Lido lido = ArquivoSecreto.lerOuCriar(arquivo, ChavesMestras::gerar, ChavesMestras::valida,
                    "uma chave de 32 bytes em base64 (a chave mestra dos secrets de webhook); ou defina " + ATUAL);
            if (lido.criado()) {
                log.warn("{} não definida; chave mestra dos secrets de webhook gerada e guardada em {} (modo "
                         + "0600). Faça uma cópia de segurança dela: sem ela, nenhum secret de webhook pode ser "
                         + "lido. Nós que compartilham o banco sem compartilhar DATA_DIR precisam da mesma {}", ATUAL,
                        arquivo, ATUAL);
            }
            return lido.valor();
        } catch (IOException e) {
            throw new UncheckedIOException("Não foi possível ler nem criar a chave mestra dos secrets de webhook em "
                                           + arquivo + "; confira DATA_DIR ou defina " + ATUAL, e);
        }
    }
}
