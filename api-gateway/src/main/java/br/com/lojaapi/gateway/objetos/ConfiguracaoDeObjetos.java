package br.com.lojaapi.gateway.objetos;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeObjetos;
import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code S3_ENDPOINT} and its credentials, or the embedded store under {@code DATA_DIR/objects}. */
@Configuration(proxyBeanMethods = false)
public class ConfiguracaoDeObjetos {

    @Bean(destroyMethod = "close")
    ArmazenamentoDeObjetos armazenamentoDeObjetos(@Value("${loja.objetos.endereco:}") String endereco,
                                                  @Value("${loja.objetos.chave:}") String chave,
                                                  @Value("${loja.objetos.segredo:}") String segredo,
                                                  @Value("${loja.objetos.bucket:loja}") String bucket,
                                                  @Value("${loja.objetos.regiao:us-east-1}") String regiao,
                                                  DiretorioDeDados dados)
            throws Exception {
        if (endereco.isBlank()) {
            return S3Embutido.armazenamento(dados.resolver("objects"), bucket);
        }
        return ArmazenamentoDeObjetos.externo(endereco, chave, segredo, bucket, regiao);
    }
}
