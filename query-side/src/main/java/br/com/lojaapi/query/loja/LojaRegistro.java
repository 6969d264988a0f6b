package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaView;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "loja_view")
class LojaRegistro {

    @Id
    private String id;
    @Column(nullable = false)
    private String nome;
    @Column(nullable = false)
    private String slug;
    private String cnpj;
    @Column(name = "dominio_proprio")
    private String dominioProprio;
    private String telefone;
    private String cep;
    private String endereco;
    private String numero;
    private String complemento;
    private String bairro;
    private String cidade;
    private String uf;
    @Column(name = "criada_em", nullable = false)
    private Instant criadaEm;
    @Column(name = "atualizada_em", nullable = false)
    private Instant atualizadaEm;
    @Column(nullable = false)
    private long versao;

    protected LojaRegistro() {
        // JPA
    }

    LojaRegistro(String id, Instant criadaEm) {
        this.id = id;
        this.criadaEm = criadaEm;
    }

    void aplicar(DadosLoja dados, Instant atualizadaEm, long versao) {
        nome = dados.nome();
        slug = dados.slug();
        cnpj = dados.cnpj();
        dominioProprio = dados.dominioProprio();
        telefone = dados.telefone();
        cep = dados.cep();
        endereco = dados.endereco();
        numero = dados.numero();
        complemento = dados.complemento();
        bairro = dados.bairro();
        cidade = dados.cidade();
        uf = dados.uf();
        this.atualizadaEm = atualizadaEm;
        this.versao = versao;
    }

    long versao() {
        return versao;
    }

    LojaView view() {
        DadosLoja dados = new DadosLoja(nome, slug, cnpj, dominioProprio, telefone, cep, endereco, numero, complemento,
                bairro, cidade, uf);
        return new LojaView(id, dados, criadaEm, atualizadaEm, versao);
    }
}
