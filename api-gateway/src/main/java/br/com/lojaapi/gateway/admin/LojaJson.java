package br.com.lojaapi.gateway.admin;

import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaView;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

@Schema(name = "Loja")
record LojaJson(String id, String nome, String slug, String cnpj, String dominioProprio, String telefone, String cep,
                String endereco, String numero, String complemento, String bairro, String cidade, String uf,
                Instant criadoEm, Instant atualizadoEm, long versao) {

    static LojaJson de(LojaView view) {
        DadosLoja d = view.dados();
        return new LojaJson(view.id(), d.nome(), d.slug(), d.cnpj(), d.dominioProprio(), d.telefone(), d.cep(),
                d.endereco(), d.numero(), d.complemento(), d.bairro(), d.cidade(), d.uf(), view.criadaEm(),
                view.atualizadaEm(), view.versao());
    }
}
